import { z } from 'zod';
import { MARKET_MSG, MARKET_RULES, MARKET_TYPES } from '../constants/market';
import { MSG } from '../constants/messages';

/** Sales around a point: latitude, longitude and a radius of 1 to 1,000 m. */
export const ZSalesNear = z.object(
  {
    latitude: z.number({ error: MSG.latitudeInvalid }).min(-90, MSG.latitudeInvalid).max(90, MSG.latitudeInvalid),
    longitude: z.number({ error: MSG.longitudeInvalid }).min(-180, MSG.longitudeInvalid).max(180, MSG.longitudeInvalid),
    radiusM: z
      .number({ error: MARKET_MSG.radiusInvalid })
      .positive(MARKET_MSG.radiusInvalid)
      .max(MARKET_RULES.nearRadiusMaxM, MARKET_MSG.radiusInvalid),
  },
  { error: MARKET_MSG.nearInvalid },
);

/** A `sales` query: around a point, since a day (AAAA-MM-JJ), of one type, a page at a time. */
export const ZSalesQuery = z.object({
  near: ZSalesNear,
  since: z
    .string({ error: MARKET_MSG.sinceInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, MARKET_MSG.sinceInvalid)
    // A real calendar day: 2024-02-30 is refused (Date would roll it over to March).
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, MARKET_MSG.sinceInvalid)
    .nullish(),
  type: z.enum(MARKET_TYPES, { error: MARKET_MSG.typeInvalid }).nullish(),
  first: z
    .number({ error: MARKET_MSG.firstInvalid })
    .int(MARKET_MSG.firstInvalid)
    .min(1, MARKET_MSG.firstInvalid)
    .max(MARKET_RULES.pageMax, MARKET_MSG.firstInvalid)
    .default(MARKET_RULES.pageDefault),
  after: z.string({ error: MARKET_MSG.afterInvalid }).max(200, MARKET_MSG.afterInvalid).nullish(),
});
export type TSalesQuery = z.output<typeof ZSalesQuery>;
