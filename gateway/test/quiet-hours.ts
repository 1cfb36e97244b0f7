import { parisClock } from '../src/modules/notifications/quiet-hours';

const HOUR_MS = 3_600_000;

/**
 * Quiet hours on the Paris clock covering `now` by 3 h either side, and a window 3 to 5 h after it that does not. The
 * margin is wider than a DST change: with 1 h, the night the clocks go back put `now` on an edge of the window.
 */
export function quietHoursAround(now: number = Date.now()) {
  return {
    covering: { start: parisClock(new Date(now - 3 * HOUR_MS)), end: parisClock(new Date(now + 3 * HOUR_MS)) },
    later: { start: parisClock(new Date(now + 3 * HOUR_MS)), end: parisClock(new Date(now + 5 * HOUR_MS)) },
  };
}
