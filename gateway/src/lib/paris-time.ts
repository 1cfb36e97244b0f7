const TZ = 'Europe/Paris';
const fmt = new Intl.DateTimeFormat('en-GB', {
  timeZone: TZ,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Offset of Europe/Paris from UTC at an instant, in ms (3 600 000 in winter, 7 200 000 in summer). */
function parisOffsetMs(at: number): number {
  const p = Object.fromEntries(fmt.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant of 00:00 in Europe/Paris on a calendar date "YYYY-MM-DD". */
export function parisMidnight(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d);
  // DST changes happen at 02:00/03:00, never around midnight: the offset of the guess is the right one.
  return new Date(guess - parisOffsetMs(guess - parisOffsetMs(guess)));
}

/** Today's calendar date in Europe/Paris, "YYYY-MM-DD". */
export function parisToday(now = new Date()): string {
  const p = Object.fromEntries(fmt.formatToParts(now).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * Reads a "since" bound: a calendar date is the start of that day in Europe/Paris ("today" of the product);
 * a full ISO timestamp is taken as is. Returns null when the text is neither.
 */
export function parseSince(value: string): Date | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = parisMidnight(value);
    // 2026-02-30 would roll over to March: only real calendar dates are accepted.
    return Number.isNaN(d.getTime()) || parisToday(new Date(d.getTime() + 60_000)) !== value ? null : d;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The next instant, strictly after `now`, when the Europe/Paris clock shows `hour`:00 (an hour outside 02–03). */
export function nextParisHour(hour: number, now = new Date()): Date {
  const today = parisToday(now);
  const [y, m, d] = today.split('-').map(Number);
  for (let add = 0; add < 3; add++) {
    const day = new Date(Date.UTC(y, m - 1, d + add)).toISOString().slice(0, 10);
    const [yy, mm, dd] = day.split('-').map(Number);
    const guess = Date.UTC(yy, mm - 1, dd, hour);
    const at = new Date(guess - parisOffsetMs(guess - parisOffsetMs(guess)));
    if (at > now) return at;
  }
  throw new Error('unreachable');
}
