import type { NearMissCriterion } from '../../../gql/graphql';
import { formatNumber } from '../../../lib/format';

/** How long a walk lasted, first to last fix: « 42 min », « 1 h 05 », « moins d'une minute ». */
export function formatWalkDuration(startedAt: string, lastFixAt: string): string {
  const minutes = Math.floor(Math.max(0, Date.parse(lastFixAt) - Date.parse(startedAt)) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return "moins d'une minute";
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}

/** A walked distance: « 850 m », « 2,4 km ». */
export function formatWalkDistance(metres: number): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${formatNumber(metres / 1000)} km`;
}

/** « 3 biens découverts », « 1 bien découvert », « Aucun bien découvert ». */
export function formatDiscoveryCount(n: number): string {
  if (n === 0) return 'Aucun bien découvert';
  return n === 1 ? '1 bien découvert' : `${n} biens découverts`;
}

/** The criterion a near miss failed, in French. */
export const MISSED_LABELS: Record<NearMissCriterion, string> = {
  price: 'Un peu au-dessus de votre budget (moins de 10 %)',
  bedrooms: 'Une chambre de moins que souhaité',
  size: 'Un peu plus petit que votre minimum (moins de 10 %)',
};
