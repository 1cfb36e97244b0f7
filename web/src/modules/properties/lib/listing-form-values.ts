import type { TProperty, TPropertyParsed } from '@flaneur/schema';
import type { ListingFieldsFragment, PropertyInput } from '../../../gql/graphql';

/** Contact details a new listing starts with: the signed-in user's own. */
export interface ContactDefaults {
  name: string;
  email: string;
  phone: string;
}

/** The legal mentions of a new listing: nothing declared yet (the advertiser is chosen, never assumed). */
const EMPTY_LEGAL = {
  gesRating: null,
  energyCostMin: '',
  energyCostMax: '',
  energyPricesYear: '',
  isNewBuild: false,
  charges: '',
  chargesMode: null,
  deposit: '',
  furnished: null,
  baseRent: '',
  referenceRentMajored: '',
  rentSupplement: '',
  tenantFees: '',
  inventoryFees: '',
  coOwnership: null,
  advertiser: null,
  feesPaidBy: null,
  buyerFeesPercent: '',
} satisfies Partial<TProperty>;

const text = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

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
    ...EMPTY_LEGAL,
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
    gesRating: p.gesRating ?? null,
    energyCostMin: text(p.energyCostMin),
    energyCostMax: text(p.energyCostMax),
    energyPricesYear: text(p.energyPricesYear),
    isNewBuild: p.isNewBuild,
    charges: text(p.charges),
    chargesMode: p.chargesMode ?? null,
    deposit: text(p.deposit),
    furnished: p.furnished ?? null,
    baseRent: text(p.baseRent),
    referenceRentMajored: text(p.referenceRentMajored),
    rentSupplement: text(p.rentSupplement),
    tenantFees: text(p.tenantFees),
    inventoryFees: text(p.inventoryFees),
    coOwnership: p.coOwnership
      ? { lots: p.coOwnership.lots, annualCharges: p.coOwnership.annualCharges, proceedings: p.coOwnership.proceedings }
      : null,
    advertiser: p.advertiser ?? null,
    feesPaidBy: p.feesPaidBy ?? null,
    buyerFeesPercent: text(p.buyerFeesPercent),
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
