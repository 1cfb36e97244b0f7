import type { TProperty, TPropertyParsed } from '@flaneur/schema';
import type { ListingFieldsFragment, PropertyInput } from '../../../gql/graphql';

/** Contact details a new listing starts with: the signed-in user's own. */
export interface ContactDefaults {
  name: string;
  email: string;
  phone: string;
}

/**
 * A new listing: the defaults (type apartment, two rooms, one bedroom, one bathroom), price and
 * coordinates held as text until ZProperty parses them.
 */
export function emptyListing(contact: ContactDefaults): TProperty {
  return {
    title: '',
    description: '',
    price: '',
    currency: 'EUR',
    isRental: false,
    size: '',
    rooms: 2,
    bedrooms: 1,
    bathrooms: 1,
    floor: '',
    address: '',
    city: '',
    postalCode: '',
    latitude: '',
    longitude: '',
    type: 'apartment',
    dpeRating: null,
    features: [],
    images: [],
    ownerName: contact.name,
    ownerEmail: contact.email,
    ownerPhone: contact.phone,
  };
}

/** An existing listing loaded into the form (edit mode). */
export function listingToForm(p: ListingFieldsFragment): TProperty {
  return {
    title: p.title,
    description: p.description,
    price: String(p.price),
    currency: p.currency,
    isRental: p.isRental,
    size: String(p.size),
    rooms: p.rooms,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    floor: p.floor ?? '',
    address: p.address,
    city: p.city,
    postalCode: p.postalCode,
    latitude: String(p.latitude),
    longitude: String(p.longitude),
    type: p.type,
    dpeRating: p.dpeRating ?? null,
    features: [...p.features],
    images: [...p.images],
    ownerName: p.ownerName,
    ownerEmail: p.ownerEmail,
    ownerPhone: p.ownerPhone,
  };
}

/** ZProperty's parsed output is exactly the mutation's input. */
export function toPropertyInput(parsed: TPropertyParsed): PropertyInput {
  return parsed;
}
