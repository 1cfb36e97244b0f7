import type { Property } from '../property.entity';

/** What an agency feed sets besides the form's fields: state, draft reason, its reference, its line's digest. */
export type FeedColumns = Partial<
  Pick<Property, 'listingState' | 'draftReason' | 'withdrawnAt' | 'agencyReference' | 'feedHash'>
>;

/** What a listing event tells a webhook: the public summary of the listing (never its owner's contact). */
export function propertyEventData(p: Property) {
  return {
    id: p.id,
    title: p.title,
    price: Number(p.price),
    currency: p.currency,
    isRental: p.isRental,
    type: p.type,
    city: p.city,
    postalCode: p.postalCode,
    latitude: Number(p.latitude),
    longitude: Number(p.longitude),
  };
}
