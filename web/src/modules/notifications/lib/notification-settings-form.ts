import { NOTIFICATION_LIMITS, ZNotificationSettings, ZQuietHours } from '@flaneur/schema';
import { z } from 'zod';

const SHARED = ZNotificationSettings.shape;

/**
 * The Paramètres form: the shared rule (schema/src/validators/notifications.ts) for the limits and the
 * quiet hours, which are checked only while switched on (switched off, they are removed).
 */
export const ZNotificationSettingsForm = z
  .object({
    quietHoursEnabled: z.boolean(),
    quietHours: z.object({ start: z.string(), end: z.string() }),
    maxPerDay: SHARED.maxPerDay,
    minIntervalMinutes: SHARED.minIntervalMinutes,
  })
  .superRefine((form, ctx) => {
    if (!form.quietHoursEnabled) return;
    const quiet = ZQuietHours.safeParse(form.quietHours);
    if (quiet.success) return;
    for (const issue of quiet.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['quietHours', ...issue.path] });
  });
export type TNotificationSettingsForm = z.output<typeof ZNotificationSettingsForm>;

/** The form's values for the saved settings (quiet hours off show the default window, ready to switch on). */
export function toFormValues(settings: {
  quietHours?: { start: string; end: string } | null;
  maxPerDay: number;
  minIntervalMinutes: number;
}): TNotificationSettingsForm {
  return {
    quietHoursEnabled: Boolean(settings.quietHours),
    quietHours: settings.quietHours
      ? { start: settings.quietHours.start, end: settings.quietHours.end }
      : { ...NOTIFICATION_LIMITS.quietHours },
    maxPerDay: settings.maxPerDay,
    minIntervalMinutes: settings.minIntervalMinutes,
  };
}

/** The updateNotificationSettings input for the form (the switches are saved on their own). */
export function toSettingsInput(form: TNotificationSettingsForm) {
  return {
    quietHours: form.quietHoursEnabled ? { start: form.quietHours.start, end: form.quietHours.end } : null,
    maxPerDay: form.maxPerDay,
    minIntervalMinutes: form.minIntervalMinutes,
  };
}
