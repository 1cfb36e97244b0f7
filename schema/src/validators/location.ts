import { z } from 'zod';
import { LOCATION_BATCH } from '../constants/limits';
import { MSG } from '../constants/messages';

/** A fix's time must fall between 2000-01-01 and 2100-01-01 (UTC). */
const FIX_TIME_MIN_MS = Date.UTC(2000, 0, 1);
const FIX_TIME_MAX_MS = Date.UTC(2100, 0, 1);

/** A fix's time: epoch milliseconds or an ISO string, refused beyond what a device clock can say. */
const ZFixTime = z
  .union(
    [
      z.number().int(MSG.timestampInvalid).nonnegative(MSG.timestampInvalid),
      z.string().min(1, MSG.timestampInvalid).max(40, MSG.timestampInvalid),
    ],
    { error: MSG.timestampInvalid },
  )
  .transform((v, ctx) => {
    const d = new Date(v);
    // Beyond what a device clock can say (and beyond what PostgreSQL stores for the far past): refused.
    if (Number.isNaN(d.getTime()) || d.getTime() < FIX_TIME_MIN_MS || d.getTime() > FIX_TIME_MAX_MS) {
      ctx.addIssue({ code: 'custom', message: MSG.timestampInvalid });
      return z.NEVER;
    }
    return d;
  });

/** The idempotence key a client gives a fix (stored once per user and key). */
const ZClientId = z.uuid({ error: MSG.locationClientIdInvalid }).transform((v) => v.toLowerCase());

/**
 * A position fix (POST /api/user-locations, reportLocation): accuracy 0 when missing; timestamp null when missing
 * (the server's time is taken then).
 */
export const ZLocationReport = z.object({
  latitude: z.coerce.number({ error: MSG.latitudeInvalid }).min(-90, MSG.latitudeInvalid).max(90, MSG.latitudeInvalid),
  longitude: z.coerce
    .number({ error: MSG.longitudeInvalid })
    .min(-180, MSG.longitudeInvalid)
    .max(180, MSG.longitudeInvalid),
  accuracy: z.coerce
    .number({ error: MSG.accuracyInvalid })
    .min(0, MSG.accuracyInvalid)
    .max(99_999_999, MSG.accuracyInvalid)
    .nullish()
    .transform((v) => v ?? 0),
  timestamp: ZFixTime.nullish().transform((v) => v ?? null),
  /** Optional on a live report: a repeated report with the same key is not stored again. */
  clientId: ZClientId.nullish(),
});
export type TLocationReport = z.input<typeof ZLocationReport>;

/**
 * Fixes kept offline and sent together (POST /api/user-locations/batch, reportLocations): each with its key and
 * its time, at most LOCATION_BATCH.maxFixes.
 */
export const ZLocationBatch = z.object(
  {
    fixes: z
      .array(
        ZLocationReport.extend({
          clientId: ZClientId,
          timestamp: ZFixTime,
        }),
        { error: MSG.locationBatchInvalid },
      )
      .max(LOCATION_BATCH.maxFixes, MSG.locationBatchTooLarge),
  },
  { error: MSG.locationBatchInvalid },
);
export type TLocationBatch = z.input<typeof ZLocationBatch>;
