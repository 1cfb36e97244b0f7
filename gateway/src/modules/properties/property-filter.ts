import { DPE_RATINGS, FEATURES, MSG, PROPERTY_TYPES, ZBbox, ZNear, ZZone } from '@flaneur/schema';
import { z } from 'zod';

/** Every filter rule answers the same French message (per field too). */
const fr = { error: MSG.invalidInput };
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(item, fr).max(20, fr));
const bool = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean(fr));
const n = z.coerce.number(fr).finite(fr);
/** A query-string tuple ("48.85,2.35,5") as the object of `keys`; anything else is left for the schema to refuse. */
const tuple =
  <K extends string>(keys: readonly K[]) =>
  (v: unknown) => {
    if (typeof v !== 'string') return v;
    const parts = v.split(',');
    if (parts.length !== keys.length) return v;
    return Object.fromEntries(keys.map((k, i) => [k, parts[i].trim() === '' ? Number.NaN : Number(parts[i])]));
  };

/** Listing search filters, shared by `properties(filter)` and GET /api/properties (query strings coerced). */
export const ZPropertyFilter = z.object(
  {
    // PostgreSQL text cannot hold U+0000: refused as bad input rather than failing in the database.
    city: z
      .string(fr)
      .trim()
      .min(1, fr)
      .max(100, fr)
      .refine((v) => !v.includes('\u0000'), fr)
      .optional(),
    isRental: bool.optional(),
    types: list(z.enum(PROPERTY_TYPES, fr)).optional(),
    minPrice: n.nonnegative(fr).optional(),
    maxPrice: n.nonnegative(fr).optional(),
    minSize: n.nonnegative(fr).optional(),
    maxSize: n.nonnegative(fr).optional(),
    /** Accepted bedroom counts; 5 means "5 or more". */
    bedrooms: list(z.coerce.number(fr).int(fr).min(0, fr).max(50, fr)).optional(),
    /** At least this many rooms (« pièces »). */
    minRooms: z.coerce.number(fr).int(fr).min(0, fr).max(50, fr).optional(),
    /** Every listed feature must be present. */
    features: list(z.enum(FEATURES, fr)).optional(),
    /** The worst energy class (DPE) accepted: "E" hides F and G; listings without a class are kept. */
    energyMax: z.enum(DPE_RATINGS, fr).nullish(),
    minLatitude: n.min(-90, fr).max(90, fr).optional(),
    maxLatitude: n.min(-90, fr).max(90, fr).optional(),
    minLongitude: n.min(-180, fr).max(180, fr).optional(),
    maxLongitude: n.min(-180, fr).max(180, fr).optional(),
    ownerId: z.coerce.number(fr).int(fr).positive(fr).max(2_147_483_647, fr).optional(),
    /** Within radiusKm (≤ 50) of a point, nearest first; REST: `near=lat,lng,km`. */
    near: z.preprocess(tuple(['latitude', 'longitude', 'radiusKm'] as const), ZNear).nullish(),
    /** Inside a latitude/longitude box; REST: `bbox=south,west,north,east`. */
    bbox: z.preprocess(tuple(['south', 'west', 'north', 'east'] as const), ZBbox).nullish(),
    /** Inside a drawn zone (3–100 points, a simple polygon). */
    polygon: ZZone.nullish(),
  },
  fr,
);
export type TPropertyFilter = z.output<typeof ZPropertyFilter>;

/** Page size rules: 20 by default, 100 at most. */
export const ZPage = z.object(
  {
    first: z.coerce.number(fr).int(fr).min(1, fr).max(100, fr).default(20),
    after: z.string(fr).max(100, fr).optional(),
  },
  fr,
);

/** Opaque cursors over the id order (newest first); distanceCursor for the distance order of `near`. */
export const encodeCursor = (id: number) => Buffer.from(`p:${id}`).toString('base64url');
export const decodeCursor = (cursor: string): number | null => {
  const m = /^p:(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString());
  // A forged cursor beyond the integer ids would fail in PostgreSQL: it is just not a cursor.
  return m && Number(m[1]) <= 2_147_483_647 ? Number(m[1]) : null;
};

/**
 * Opaque cursors over the distance order of a `near` search: the last listing's distance (km, as the database
 * computed it, exactly) and its id, the tie-breaker. The next page starts strictly after that pair.
 */
export const encodeDistanceCursor = (km: number, id: number) => Buffer.from(`d:${km}:${id}`).toString('base64url');
export const decodeDistanceCursor = (cursor: string): { km: number; id: number } | null => {
  const m = /^d:(\d{1,6}(?:\.\d{1,20})?(?:e-\d{1,3})?):(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) return null;
  const km = Number(m[1]);
  const id = Number(m[2]);
  return Number.isFinite(km) && id <= 2_147_483_647 ? { km, id } : null;
};
