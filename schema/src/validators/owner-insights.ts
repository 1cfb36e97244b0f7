import { z } from 'zod';
import { MSG } from '../constants/messages';

/** « Vérifié sur place »: how precise and how near the owner's fix must be (docs/decisions.md « Vérifié sur place »). */
export const ON_SITE = {
  /** Largest accepted accuracy radius of the fix, metres (inclusive). */
  accuracyMaxM: 30,
  /** Largest accepted great-circle distance from the fix to the listing's coordinates, metres (inclusive). */
  distanceMaxM: 60,
} as const;

/** Walk-by analytics: the periods a listing's figures are counted over, and the smallest count shown exactly. */
export const LISTING_STATS = {
  /** Accepted period lengths, days. */
  periods: [7, 30] as const,
  /** Default period, days. */
  defaultDays: 30,
  /** Counts from 1 to below this are hidden (null, « moins de 3 ») so that no single visitor can be singled out. */
  shownFrom: 3,
} as const;

/** French messages of the owner's insights. */
export const OWNER_INSIGHTS_MSG = {
  notOnSite: 'Vous devez être devant le bien pour le vérifier',
  statsDaysInvalid: 'La période doit être de 7 ou 30 jours',
} as const;

/** The owner's fix in front of the listing (verifyOnSite, POST /api/properties/:id/verify-on-site): JSON numbers. */
export const ZVerifyOnSite = z.object({
  latitude: z.number({ error: MSG.latitudeInvalid }).min(-90, MSG.latitudeInvalid).max(90, MSG.latitudeInvalid),
  longitude: z.number({ error: MSG.longitudeInvalid }).min(-180, MSG.longitudeInvalid).max(180, MSG.longitudeInvalid),
  accuracy: z.number({ error: MSG.accuracyInvalid }).min(0, MSG.accuracyInvalid).max(99_999_999, MSG.accuracyInvalid),
});
export type TVerifyOnSite = z.input<typeof ZVerifyOnSite>;

/** The period of a listing's stats: 7 or 30 days (30 when missing); a query string's "7" is accepted. */
export const ZStatsDays = z
  .union([z.number(), z.string()], { error: OWNER_INSIGHTS_MSG.statsDaysInvalid })
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return LISTING_STATS.defaultDays;
    const n = typeof v === 'number' ? v : /^\d{1,3}$/.test(v) ? Number(v) : NaN;
    if (!(LISTING_STATS.periods as readonly number[]).includes(n)) {
      ctx.addIssue({ code: 'custom', message: OWNER_INSIGHTS_MSG.statsDaysInvalid });
      return z.NEVER;
    }
    return n as (typeof LISTING_STATS.periods)[number];
  });
