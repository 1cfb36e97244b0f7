import { unauthenticated } from './errors';

/** Services call this first for anything that needs a signed-in user. */
export function requireViewer<V>(viewer: V | null | undefined): V {
  if (!viewer) throw unauthenticated();
  return viewer;
}

/** Parses an id from a path or argument; anything else is a 404 (no such row), never a 500. */
export function parseId(value: unknown): number | null {
  const s = String(value ?? '');
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}
