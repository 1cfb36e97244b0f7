import { z } from 'zod';
import { PROPERTY_STATUS_FILTERS, PROPERTY_TYPE_FILTERS } from '../constants/enums';
import { SEARCH_FILTER_FEATURES } from '../constants/features';
import { LIMITS } from '../constants/limits';

const optionalNumber = z
  .number()
  .nonnegative()
  .max(100_000_000)
  .nullish()
  .transform((v) => v ?? null);

/** Saved search criteria (SPEC.md §3 search filters); every field has a default so partial saves work. */
export const ZSearchFilters = z.object({
  propertyStatus: z.enum(PROPERTY_STATUS_FILTERS).default('all'),
  propertyType: z.enum(PROPERTY_TYPE_FILTERS).default('all'),
  radius: z.number().min(LIMITS.radiusKm.min).max(LIMITS.radiusKm.max).default(LIMITS.radiusKm.default),
  priceMin: optionalNumber,
  priceMax: optionalNumber,
  sizeMin: optionalNumber,
  sizeMax: optionalNumber,
  /** 5 means "5 or more". */
  bedrooms: z.array(z.number().int().min(1).max(5)).max(5).default([]),
  /** 4 means "4 or more". */
  bathrooms: z.array(z.number().int().min(1).max(4)).max(4).default([]),
  features: z.array(z.enum(SEARCH_FILTER_FEATURES)).max(6).default([]),
});
export type TSearchFilters = z.output<typeof ZSearchFilters>;
export type TSearchFiltersInput = z.input<typeof ZSearchFilters>;

/** The defaults a new user starts with. */
export const DEFAULT_SEARCH_FILTERS: TSearchFilters = ZSearchFilters.parse({});
