import { DEFAULT_NOTIFICATION_SETTINGS, type TNotificationSettings } from '@flaneur/schema';
import type { Queryable } from '../../db/prepared';
import type { NotificationSettingsRow } from './notification.entities';

/** The row's columns of a user's settings, aliased as NotificationSettingsRow (`s`: the table's alias). */
export const settingsColumnsSql = (s: string) =>
  `${s}.passing_alerts AS "passingAlerts", ${s}.message_alerts AS "messageAlerts", ${s}.quiet_start AS "quietStart",
  ${s}.quiet_end AS "quietEnd", ${s}.max_per_day AS "maxPerDay", ${s}.min_interval_minutes AS "minIntervalMinutes"`;

/** The one reading of a user's settings: their row, or the defaults (quiet hours included) when they have none. */
export function settingsFromRow(
  row: Omit<NotificationSettingsRow, 'userId' | 'user' | 'updatedAt'> | null | undefined,
): TNotificationSettings {
  if (!row) return structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
  return {
    passingAlerts: row.passingAlerts,
    messageAlerts: row.messageAlerts,
    quietHours: row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
    maxPerDay: row.maxPerDay,
    minIntervalMinutes: row.minIntervalMinutes,
  };
}

/** A user's settings as stored (the defaults without a row), through `q` (a transaction's manager, or the pool). */
export async function readSettings(q: Queryable, userId: number): Promise<TNotificationSettings> {
  const [row]: NotificationSettingsRow[] = await q.query(
    `SELECT ${settingsColumnsSql('s')} FROM notification_settings s WHERE s.user_id = $1`,
    [userId],
  );
  return settingsFromRow(row);
}
