import type { PushMessage } from '../notifications/alert-text';

/** A walk's duration in French: « 42 min », « 1 h 05 », « moins d'une minute ». */
export function walkDuration(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return "moins d'une minute";
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}

/** « Balade terminée : {n} biens découverts en {durée} », opening the walk. */
export function walkDigest(walk: { id: number; discoveryCount: number; durationMs: number }): PushMessage {
  const n = walk.discoveryCount;
  const found = n === 1 ? '1 bien découvert' : `${n} biens découverts`;
  return {
    type: 'walk_digest',
    title: `Balade terminée : ${found} en ${walkDuration(walk.durationMs)}`,
    body: 'Revoyez votre parcours et les biens trouvés en chemin.',
    url: `/walks/${walk.id}`,
    walkId: walk.id,
    count: n,
  };
}
