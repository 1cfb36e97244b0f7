import type { ListingFieldsFragment, ReceivedVisitRequestFragment } from '../../gql/graphql';

/** A listing as the gateway answers it (with __typename, as the cache stores it). */
export function buildListing(
  overrides: Partial<ListingFieldsFragment> = {},
): ListingFieldsFragment & { __typename: 'Property' } {
  return {
    __typename: 'Property',
    id: '10',
    ref: '7K3M9Q',
    title: 'Appartement lumineux',
    description: 'Beau trois pièces',
    price: 350000,
    currency: 'EUR',
    isRental: false,
    size: 65,
    rooms: 3,
    bedrooms: 2,
    bathrooms: 1,
    floor: '3ème',
    address: '12 rue Monge',
    city: 'Paris',
    postalCode: '75005',
    latitude: 48.8443,
    longitude: 2.3522,
    type: 'apartment',
    dpeRating: 'C',
    gesRating: 'B',
    energyCostMin: 900,
    energyCostMax: 1250,
    energyPricesYear: 2024,
    isNewBuild: false,
    charges: null,
    chargesMode: null,
    deposit: null,
    furnished: null,
    baseRent: null,
    referenceRentMajored: null,
    rentSupplement: null,
    tenantFees: null,
    inventoryFees: null,
    coOwnership: {
      __typename: 'CoOwnership',
      lots: 24,
      annualCharges: 1800,
      proceedings: false,
    } as ListingFieldsFragment['coOwnership'],
    advertiser: 'private',
    feesPaidBy: null,
    buyerFeesPercent: null,
    features: ['elevator', 'balcony'],
    images: ['/uploads/listings/abc-1.webp'],
    ownerId: '1',
    ownerName: 'Marie Curie',
    ownerEmail: 'marie@example.fr',
    ownerPhone: '0600000000',
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    verifiedOnSiteAt: null,
    ...overrides,
  };
}

/** A visit request received on one of the user's listings. */
export function buildVisitRequest(
  overrides: Partial<ReceivedVisitRequestFragment> = {},
): ReceivedVisitRequestFragment & { __typename: 'VisitRequest' } {
  return {
    __typename: 'VisitRequest',
    id: '5',
    status: 'pending',
    message: 'Disponible samedi ?',
    createdAt: '2025-03-02T09:30:00.000Z',
    updatedAt: '2025-03-02T09:30:00.000Z',
    propertyId: '10',
    proposedAt: null,
    slotMinutes: null,
    slotAnswer: null,
    property: {
      __typename: 'Property',
      id: '10',
      title: 'Appartement lumineux',
    } as ReceivedVisitRequestFragment['property'],
    requester: {
      __typename: 'PublicUser',
      id: '2',
      username: 'paul',
      firstName: 'Paul',
      lastName: 'Martin',
      profilePicture: null,
    } as ReceivedVisitRequestFragment['requester'],
    ...overrides,
  };
}
