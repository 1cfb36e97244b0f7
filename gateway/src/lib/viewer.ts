import type { User } from '../modules/users/user.entity';
import { forbidden, unauthenticated } from './errors';

/** Services call this first for anything that needs a signed-in user. */
export function requireViewer(viewer: User | null | undefined): User {
  if (!viewer) throw unauthenticated();
  return viewer;
}

/**
 * Identity comes from the session: a user id sent by a legacy client is only accepted when absent or
 * equal to the session user (DECISIONS.md), else 403 "Accès refusé".
 */
export function assertSameUser(viewer: User | null | undefined, claimed: unknown): User {
  const v = requireViewer(viewer);
  if (claimed === undefined || claimed === null || claimed === '') return v;
  if (String(claimed) !== String(v.id)) throw forbidden();
  return v;
}

/** Parses an id from a path or argument; anything else is a 404 (no such row), never a 500. */
export function parseId(value: unknown): number | null {
  const s = String(value ?? '');
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}
