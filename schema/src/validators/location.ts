import { z } from 'zod';
import { MSG } from '../constants/messages';

/** A position fix (POST /api/user-locations, reportLocation): accuracy 0 when missing, timestamp now when missing. */
/** A fix's time must fall between 2000-01-01 and 2100-01-01 (UTC). */
const FIX_TIME_MIN_MS = Date.UTC(2000, 0, 1);
const FIX_TIME_MAX_MS = Date.UTC(2100, 0, 1);

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
  timestamp: z
    .union(
      [
        z.number().int(MSG.timestampInvalid).nonnegative(MSG.timestampInvalid),
        z.string().min(1, MSG.timestampInvalid).max(40, MSG.timestampInvalid),
      ],
      { error: MSG.timestampInvalid },
    )
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined) return new Date();
      const d = new Date(v);
      // Beyond what a device clock can say (and beyond what PostgreSQL stores for the far past): refused.
      if (Number.isNaN(d.getTime()) || d.getTime() < FIX_TIME_MIN_MS || d.getTime() > FIX_TIME_MAX_MS) {
        ctx.addIssue({ code: 'custom', message: MSG.timestampInvalid });
        return z.NEVER;
      }
      return d;
    }),
});
export type TLocationReport = z.input<typeof ZLocationReport>;
