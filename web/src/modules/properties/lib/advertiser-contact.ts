import type { Advertiser } from '@flaneur/schema';

/** How the contact card presents the person behind a listing. */
export interface AdvertiserContact {
  /** The card's heading. */
  title: string;
  /** The agency line under the contact's name; null for anyone but a professional. */
  agency: string | null;
  /** The professional card line (« Carte professionnelle CPI … »); null when not known. */
  card: string | null;
}

/** A professional whose account names no agency keeps this caption (docs/decisions.md « Professional accounts »). */
export const AGENCY_CAPTION = 'Agence Flâneur Immobilier';

/** What the card reads of the listing: its declared advertiser and its owner's agency fields, when public. */
export interface AdvertiserListing {
  advertiser?: Advertiser | null;
  owner?: { agencyName?: string | null; professionalCard?: string | null } | null;
}

/** A listing of a professional account (an agency name on its owner) is « Professionnel » whatever it declared. */
export function isProfessionalListing(listing: AdvertiserListing): boolean {
  return Boolean(listing.owner?.agencyName) || listing.advertiser === 'professional';
}

/**
 * The contact card follows the advertiser: a professional is « l'agent » with its agency's name and professional
 * card (the account's, as the law asks them shown; the feed's negotiator is the contact name), a private owner is
 * « le propriétaire » with no agency line; a listing that declared neither (older REST clients) claims neither.
 */
export function advertiserContact(listing: AdvertiserListing): AdvertiserContact {
  if (isProfessionalListing(listing)) {
    const card = listing.owner?.professionalCard;
    return {
      title: "Contacter l'agent",
      agency: listing.owner?.agencyName || AGENCY_CAPTION,
      card: card ? `Carte professionnelle ${card}` : null,
    };
  }
  if (listing.advertiser === 'private') return { title: 'Contacter le propriétaire', agency: null, card: null };
  return { title: "Contacter l'annonceur", agency: null, card: null };
}
