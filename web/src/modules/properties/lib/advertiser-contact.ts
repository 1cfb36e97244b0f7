import type { Advertiser } from '@flaneur/schema';

/** How the contact card presents the person behind a listing. */
export interface AdvertiserContact {
  /** The card's heading. */
  title: string;
  /** The agency line under the contact's name; null for anyone but a professional. */
  agency: string | null;
}

/**
 * Until agency accounts name their agency, a professional's card keeps this caption (docs/decisions.md « Listing
 * contact by advertiser »).
 */
export const AGENCY_CAPTION = 'Agence Flâneur Immobilier';

/**
 * The contact card follows the advertiser the listing declared: a private owner is « le propriétaire » with no agency
 * line, a professional « l'agent » with the agency; a listing that declared neither (older REST clients) claims
 * neither. The one place agency data (name, SIREN, carte T) will feed.
 */
export function advertiserContact(listing: { advertiser?: Advertiser | null }): AdvertiserContact {
  switch (listing.advertiser) {
    case 'professional':
      return { title: "Contacter l'agent", agency: AGENCY_CAPTION };
    case 'private':
      return { title: 'Contacter le propriétaire', agency: null };
    default:
      return { title: "Contacter l'annonceur", agency: null };
  }
}
