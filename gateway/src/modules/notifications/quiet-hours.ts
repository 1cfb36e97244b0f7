import type { TQuietHours } from '@flaneur/schema';

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
});

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The wall-clock time in Europe/Paris, "HH:mm". */
export function parisClock(now = new Date()): string {
  return clock.format(now);
}

/**
 * Whether `now` falls in the quiet hours, read on the Europe/Paris clock: from `start` included to `end` excluded,
 * across midnight when start > end (21:30 → 08:00). No quiet hours: never.
 */
export function inQuietHours(quiet: TQuietHours | null, now = new Date()): boolean {
  if (!quiet) return false;
  const t = minutes(parisClock(now));
  const s = minutes(quiet.start);
  const e = minutes(quiet.end);
  return s < e ? t >= s && t < e : t >= s || t < e;
}
