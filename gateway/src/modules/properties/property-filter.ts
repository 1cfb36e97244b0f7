import { FEATURES, PROPERTY_TYPES } from '@flaneur/schema';
import { z } from 'zod';

const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(item).max(20));
const bool = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
const n = z.coerce.number().finite();

/** Listing search filters, shared by `properties(filter)` and GET /api/properties (query strings coerced). */
export const ZPropertyFilter = z.object({
  city: z.string().trim().min(1).max(100).optional(),
  isRental: bool.optional(),
  types: list(z.enum(PROPERTY_TYPES)).optional(),
  minPrice: n.nonnegative().optional(),
  maxPrice: n.nonnegative().optional(),
  minSize: n.nonnegative().optional(),
  maxSize: n.nonnegative().optional(),
  /** Accepted bedroom counts; 5 means "5 or more". */
  bedrooms: list(z.coerce.number().int().min(0).max(50)).optional(),
  /** Every listed feature must be present. */
  features: list(z.enum(FEATURES)).optional(),
  minLatitude: n.min(-90).max(90).optional(),
  maxLatitude: n.min(-90).max(90).optional(),
  minLongitude: n.min(-180).max(180).optional(),
  maxLongitude: n.min(-180).max(180).optional(),
  ownerId: z.coerce.number().int().positive().optional(),
});
export type TPropertyFilter = z.output<typeof ZPropertyFilter>;

/** Page size rules: 20 by default, 100 at most. */
export const ZPage = z.object({
  first: z.coerce.number().int().min(1).max(100).default(20),
  after: z.string().max(100).optional(),
});

/** Opaque cursors over the id order (newest first). */
export const encodeCursor = (id: number) => Buffer.from(`p:${id}`).toString('base64url');
export const decodeCursor = (cursor: string): number | null => {
  const m = /^p:(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString());
  return m ? Number(m[1]) : null;
};
