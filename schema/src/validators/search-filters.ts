import { z } from 'zod';
import { DPE_RATINGS, PROPERTY_STATUS_FILTERS, PROPERTY_TYPE_FILTERS } from '../constants/enums';
import { SEARCH_FILTER_FEATURES } from '../constants/features';
import { LIMITS } from '../constants/limits';
import { MSG } from '../constants/messages';
import { ZZone } from './geo';

/** Every rule answers the same French message: the criteria come from sliders and chips, not typed text. */
const fr = { error: MSG.invalidInput };

const optionalNumber = z
  .number(fr)
  .nonnegative(fr)
  .max(100_000_000, fr)
  .nullish()
  .transform((v) => v ?? null);

/** Saved search criteria; every field has a default so partial saves work (together: DEFAULT_SEARCH_FILTERS). */
export const ZSearchFilters = z.object(
  {
    propertyStatus: z.enum(PROPERTY_STATUS_FILTERS, fr).default('all'),
    propertyType: z.enum(PROPERTY_TYPE_FILTERS, fr).default('all'),
    radius: z.number(fr).min(LIMITS.radiusKm.min, fr).max(LIMITS.radiusKm.max, fr).default(LIMITS.radiusKm.default),
    priceMin: optionalNumber,
    priceMax: optionalNumber,
    sizeMin: optionalNumber,
    sizeMax: optionalNumber,
    /** 5 means "5 or more". */
    bedrooms: z.array(z.number(fr).int(fr).min(1, fr).max(5, fr), fr).max(5, fr).default([]),
    /** At least this many rooms (« pièces »); null: any. */
    roomsMin: z
      .number(fr)
      .int(fr)
      .min(LIMITS.rooms.min, fr)
      .max(LIMITS.rooms.max, fr)
      .nullish()
      .transform((v) => v ?? null),
    /** 4 means "4 or more". */
    bathrooms: z.array(z.number(fr).int(fr).min(1, fr).max(4, fr), fr).max(4, fr).default([]),
    features: z.array(z.enum(SEARCH_FILTER_FEATURES, fr), fr).max(6, fr).default([]),
    /**
     * A drawn zone (3 to 100 points, a simple polygon, edges included): discovery matches only inside it, still within
     * the radius. Null: no zone. Its own French messages (GEO_MSG).
     */
    zone: ZZone.nullish().transform((v) => v ?? null),
    /**
     * The worst energy class (DPE) accepted: "E" hides F and G. Listings without a class (new builds) are kept.
     * Null: any class.
     */
    energyMax: z
      .enum(DPE_RATINGS, fr)
      .nullish()
      .transform((v) => v ?? null),
  },
  fr,
);
export type TSearchFilters = z.output<typeof ZSearchFilters>;
export type TSearchFiltersInput = z.input<typeof ZSearchFilters>;
