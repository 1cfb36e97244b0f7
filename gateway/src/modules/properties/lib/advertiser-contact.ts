import type { User } from '../../users/user.entity';

/**
 * The advertiser side of a listing on the server (docs/decisions.md « Professional accounts »); the web's
 * modules/properties/lib/advertiser-contact.ts decides what the contact card shows from the listing and its owner.
 */

/** A professional account: an agency name and a SIREN in its profile. Its feed listings are « Professionnel ». */
export function isProfessionalAccount(u: Pick<User, 'agencyName' | 'siren'> | null | undefined): boolean {
  return Boolean(u?.agencyName && u.siren);
}

/** A negotiator of an agency feed: the contact fields of one line, each possibly empty. */
export interface FeedNegotiator {
  name: string;
  email: string;
  phone: string;
}

/**
 * The contact a feed listing shows: the line's negotiator, each field falling back to the agency's account (its
 * name, e-mail and phone), so the listing always has someone to reach.
 */
export function feedContactOf(
  n: FeedNegotiator,
  agency: Pick<User, 'agencyName' | 'email' | 'phone' | 'firstName' | 'lastName'>,
): { ownerName: string; ownerEmail: string; ownerPhone: string } {
  const person = [agency.firstName, agency.lastName].filter(Boolean).join(' ');
  return {
    ownerName: (n.name.trim() || agency.agencyName || person || 'Agence').slice(0, 100),
    ownerEmail: (n.email.trim() || agency.email).slice(0, 254),
    ownerPhone: (n.phone.trim() || agency.phone || '').slice(0, 30),
  };
}
