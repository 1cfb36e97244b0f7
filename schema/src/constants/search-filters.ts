import type { TSearchFilters } from '../validators/search-filters';
import { LIMITS } from './limits';

/**
 * The criteria a new user starts with: the validator's defaults (ZSearchFilters parses {} to this, a test holds them
 * equal). A constant apart from the validator, so a screen showing criteria does not load zod.
 */
export const DEFAULT_SEARCH_FILTERS: TSearchFilters = {
  propertyStatus: 'all',
  propertyType: 'all',
  radius: LIMITS.radiusKm.default,
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
};
