import type { MockLink } from '@apollo/client/testing';
import {
  UnreadMessagesUpdatedDocument,
  DashboardUnreadMessageCountDocument,
  DiscoveryAddedDocument,
  FavoritesDocument,
  HistoryDocument,
  PreferencesDocument,
  type FavoriteCard_ItemFragment,
  type HistoryCard_ItemFragment,
  type AlsoPublishedBy_PropertyFragment,
  type MarketBadge_PropertyFragment,
  type PropertyCard_PropertyFragment,
  type PropertyDetail_PropertyFragment,
} from '../../../gql/graphql';

type WithTypename<T> = T & { __typename: string };
/** A card with the fields the lists' queries ask beside it (market badge, « Aussi publiée par »). */
type Card = PropertyCard_PropertyFragment & MarketBadge_PropertyFragment & AlsoPublishedBy_PropertyFragment;

/** A photo as Property.photos answers it: stored at 400, 800 and 1600 px wide (4:3). */
export function buildPhoto(url: string) {
  const at = (suffix: string) => url.replace(/\.webp$/, `${suffix}.webp`);
  return {
    __typename: 'Photo',
    url,
    srcset: `${at('-thumb')} 400w, ${at('-800')} 800w, ${url} 1600w`,
    width: 1600,
    height: 1200,
  } as WithTypename<PropertyCard_PropertyFragment['photos'][number]>;
}

/**
 * A listing card as the gateway answers it (its photos follow its images unless given), with the market badge's
 * field that the lists' queries ask beside the card.
 */
export function buildProperty(overrides: Partial<Card> = {}) {
  const images = overrides.images ?? ['/uploads/listings/a.webp'];
  return {
    photos: images.map(buildPhoto),
    __typename: 'Property',
    id: '10',
    title: 'Appartement lumineux au Marais',
    address: '12 rue des Archives',
    city: 'Paris',
    postalCode: '75004',
    size: 62.5,
    rooms: 3,
    price: 450000,
    formerPrice: null,
    currency: 'EUR',
    isRental: false,
    type: 'apartment',
    images,
    latitude: 48.8589,
    longitude: 2.3561,
    dpeRating: 'D',
    gesRating: 'C',
    verifiedOnSiteAt: null,
    marketPosition: null,
    alsoPublishedBy: [],
    ...overrides,
  } as WithTypename<Card>;
}

/** A listing as the detail screen reads it. */
export function buildPropertyDetail(overrides: Partial<PropertyDetail_PropertyFragment> = {}) {
  return {
    ...buildProperty(overrides),
    description: 'Premier paragraphe.\nDeuxième ligne.',
    bedrooms: 2,
    bathrooms: 1,
    floor: '3ème',
    features: ['elevator', 'balcony'],
    ownerId: '2',
    ownerName: 'Paul Martin',
    ownerPhone: '06 12 34 56 78',
    owner: {
      __typename: 'PublicUser',
      id: '2',
      username: 'paul',
      firstName: 'Paul',
      lastName: 'Martin',
      agencyName: null,
      professionalCard: null,
    },
    listingState: 'published',
    draftReason: null,
    hiddenAt: null,
    priceHistory: [
      { __typename: 'PricePoint', price: overrides.price ?? 450000, changedAt: '2025-03-01T10:00:00.000Z' },
    ],
    energyCostMin: 1010,
    energyCostMax: 1420,
    energyPricesYear: 2024,
    isNewBuild: false,
    charges: null,
    chargesMode: null,
    deposit: null,
    furnished: null,
    baseRent: null,
    referenceRentMajored: null,
    rentSupplement: null,
    rentControlled: false,
    tenantFees: null,
    inventoryFees: null,
    coOwnership: null,
    advertiser: 'private',
    feesPaidBy: null,
    buyerFeesPercent: null,
    ...overrides,
  } as WithTypename<PropertyDetail_PropertyFragment>;
}

/** A Découvertes item. */
export function buildHistoryItem(entry: Partial<HistoryCard_ItemFragment['entry']> = {}, property: Partial<Card> = {}) {
  const built = buildProperty(property);
  return {
    __typename: 'HistoryItem',
    entry: {
      __typename: 'HistoryEntry',
      id: `e${built.id}`,
      isViewed: false,
      viewedAt: '2025-06-01T08:30:00.000Z',
      propertyId: built.id,
      source: 'walk',
      ...entry,
    },
    property: built,
  } as WithTypename<HistoryCard_ItemFragment>;
}

/** A favourite. */
export function buildFavorite(property: Partial<Card> = {}) {
  const built = buildProperty(property);
  return {
    __typename: 'FavoriteItem',
    favorite: { __typename: 'Favorite', id: `f${built.id}`, createdAt: '2025-05-20T10:00:00.000Z' },
    property: built,
  } as WithTypename<FavoriteCard_ItemFragment>;
}

/** history(since?) answering these items. */
export function historyMock(items: HistoryCard_ItemFragment[], since?: string): MockLink.MockedResponse {
  return {
    request: { query: HistoryDocument, variables: since ? { since } : {} },
    result: { data: { history: items } },
  };
}

/** favorites answering these items. */
export function favoritesMock(items: FavoriteCard_ItemFragment[]): MockLink.MockedResponse {
  return { request: { query: FavoritesDocument }, result: { data: { favorites: items } } };
}

/** The saved criteria (defaults unless overridden). */
export function preferencesMock(overrides: Record<string, unknown> = {}): MockLink.MockedResponse {
  return {
    request: { query: PreferencesDocument },
    result: {
      data: {
        preferences: {
          __typename: 'Preferences',
          searchFilters: {
            __typename: 'SearchFilters',
            propertyStatus: 'all',
            propertyType: 'all',
            radius: 2,
            priceMin: null,
            priceMax: null,
            sizeMin: null,
            sizeMax: null,
            bedrooms: [],
            roomsMin: null,
            bathrooms: [],
            features: [],
            zone: null,
            energyMax: null,
            ...overrides,
          },
        },
      },
    },
  };
}

/** unreadMessageCount. */
export function unreadCountMock(count: number): MockLink.MockedResponse {
  return { request: { query: DashboardUnreadMessageCountDocument }, result: { data: { unreadMessageCount: count } } };
}

/** Subscriptions that stay open without an event (or deliver one after `delay` ms). */
export function silentSubscriptions(): MockLink.MockedResponse[] {
  return [
    { request: { query: DiscoveryAddedDocument }, delay: Infinity },
    { request: { query: UnreadMessagesUpdatedDocument }, delay: Infinity },
  ];
}
