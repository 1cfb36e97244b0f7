import type { TSearchFilters } from '@flaneur/schema';
import type { PropertyFilterInput } from '../../../gql/graphql';
import { formatNumber } from '../../../lib/format';

/** A point to explore around. */
export interface ExplorerCentre {
  latitude: number;
  longitude: number;
}

/**
 * The listing search of the Explorer: within the saved radius of the centre, with the saved criteria (status, kind,
 * price, surface, bedrooms, rooms, features, energy class, drawn zone). Bathrooms are not a search filter of the
 * gateway: the Explorer does not apply them.
 */
export function explorerFilter(centre: ExplorerCentre, f: TSearchFilters): PropertyFilterInput {
  const filter: PropertyFilterInput = {
    near: { latitude: centre.latitude, longitude: centre.longitude, radiusKm: f.radius },
  };
  if (f.propertyStatus !== 'all') filter.isRental = f.propertyStatus === 'rent';
  if (f.propertyType !== 'all') filter.types = [f.propertyType];
  if (f.priceMin !== null) filter.minPrice = f.priceMin;
  if (f.priceMax !== null) filter.maxPrice = f.priceMax;
  if (f.sizeMin !== null) filter.minSize = f.sizeMin;
  if (f.sizeMax !== null) filter.maxSize = f.sizeMax;
  if (f.bedrooms.length) filter.bedrooms = f.bedrooms;
  if (f.roomsMin !== null) filter.minRooms = f.roomsMin;
  if (f.features.length) filter.features = f.features;
  if (f.energyMax) filter.energyMax = f.energyMax;
  if (f.zone?.length) filter.polygon = f.zone.map(({ latitude, longitude }) => ({ latitude, longitude }));
  return filter;
}

/** "à 350 m", "à 1,2 km": the distance of a listing from the centre. */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `à ${Math.round(metres)} m`;
  return `à ${formatNumber(metres / 1000)} km`;
}
