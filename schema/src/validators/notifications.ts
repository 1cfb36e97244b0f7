import { z } from 'zod';
import { NOTIFICATION_LIMITS } from '../constants/limits';
import { MSG } from '../constants/messages';

const L = NOTIFICATION_LIMITS;

/** "HH:mm", 00:00 to 23:59. */
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Quiet hours in Europe/Paris: no alert from `start` to `end`; the window may cross midnight (21:30 → 08:00). */
export const ZQuietHours = z
  .object(
    {
      start: z.string({ error: MSG.quietHoursInvalid }).regex(HHMM, MSG.quietHoursInvalid),
      end: z.string({ error: MSG.quietHoursInvalid }).regex(HHMM, MSG.quietHoursInvalid),
    },
    { error: MSG.quietHoursInvalid },
  )
  .refine((q) => q.start !== q.end, { message: MSG.quietHoursEmpty, path: ['end'] });
export type TQuietHours = z.output<typeof ZQuietHours>;

const toggle = z.boolean({ error: MSG.notificationsToggleInvalid });
const maxPerDay = z
  .number({ error: MSG.notificationsMaxPerDayInvalid })
  .int(MSG.notificationsMaxPerDayInvalid)
  .min(L.maxPerDay.min, MSG.notificationsMaxPerDayInvalid)
  .max(L.maxPerDay.max, MSG.notificationsMaxPerDayInvalid);
const minIntervalMinutes = z
  .number({ error: MSG.notificationsMinIntervalInvalid })
  .int(MSG.notificationsMinIntervalInvalid)
  .min(L.minIntervalMinutes.min, MSG.notificationsMinIntervalInvalid)
  .max(L.minIntervalMinutes.max, MSG.notificationsMinIntervalInvalid);

/** A user's alert settings, as stored and answered (every field present). */
export const ZNotificationSettings = z.object({
  passingAlerts: toggle,
  messageAlerts: toggle,
  /** null: no quiet hours. */
  quietHours: ZQuietHours.nullable(),
  maxPerDay,
  minIntervalMinutes,
});
export type TNotificationSettings = z.output<typeof ZNotificationSettings>;

/** The settings of a user who never changed them. */
export const DEFAULT_NOTIFICATION_SETTINGS: TNotificationSettings = {
  passingAlerts: true,
  messageAlerts: true,
  quietHours: { ...L.quietHours },
  maxPerDay: L.maxPerDay.default,
  minIntervalMinutes: L.minIntervalMinutes.default,
};

/**
 * A change of settings: an absent (or undefined) field keeps its value; `quietHours: null` removes the quiet hours.
 * Other fields cannot be null. Unknown fields are refused.
 */
export const ZNotificationSettingsPatch = z.strictObject(
  {
    passingAlerts: toggle.optional(),
    messageAlerts: toggle.optional(),
    quietHours: ZQuietHours.nullable().optional(),
    maxPerDay: maxPerDay.optional(),
    minIntervalMinutes: minIntervalMinutes.optional(),
  },
  { error: MSG.invalidInput },
);
export type TNotificationSettingsPatch = z.input<typeof ZNotificationSettingsPatch>;

/** base64url without padding (padding tolerated), as PushSubscription.toJSON() gives its keys. */
function base64urlBytes(s: string): number | null {
  const t = s.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(t) || t.length % 4 === 1) return null;
  return Math.floor((t.length * 3) / 4);
}

/** A browser push subscription, `PushSubscription.toJSON()`: the endpoint is checked by the gateway (SSRF). */
export const ZPushSubscription = z.object(
  {
    endpoint: z
      .string({ error: MSG.pushEndpointInvalid })
      .min(1, MSG.pushEndpointInvalid)
      .max(L.endpointMax, MSG.pushEndpointInvalid),
    expirationTime: z
      .number({ error: MSG.pushExpirationInvalid })
      .nonnegative(MSG.pushExpirationInvalid)
      .max(Date.UTC(2100, 0, 1), MSG.pushExpirationInvalid)
      .nullish()
      .transform((v) => v ?? null),
    keys: z.object(
      {
        // An uncompressed P-256 point: 0x04 then X and Y, 65 bytes.
        p256dh: z
          .string({ error: MSG.pushKeyInvalid })
          .max(200, MSG.pushKeyInvalid)
          .refine((s) => base64urlBytes(s) === 65 && s.startsWith('B'), MSG.pushKeyInvalid),
        auth: z
          .string({ error: MSG.pushAuthInvalid })
          .max(100, MSG.pushAuthInvalid)
          .refine((s) => base64urlBytes(s) === 16, MSG.pushAuthInvalid),
      },
      { error: MSG.pushKeyInvalid },
    ),
  },
  { error: MSG.invalidInput },
);
export type TPushSubscription = z.output<typeof ZPushSubscription>;
export type TPushSubscriptionInput = z.input<typeof ZPushSubscription>;
