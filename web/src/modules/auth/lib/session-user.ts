import { readJson, safeStorage, writeJson } from '../../../lib/local-storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import type { SessionUserFragment } from '../../../gql/graphql';

/** The session user as cached by Apollo (`me`) and copied to localStorage `userData`. */
export type SessionUser = SessionUserFragment;

/** Copies the session user to localStorage (read by the location tracker outside React). */
export function storeSessionUser(user: SessionUser): void {
  writeJson(STORAGE_KEYS.userData, user);
}

/** Removes the stored copy (logout, or a session found ended). */
export function clearSessionUser(): void {
  safeStorage.remove(STORAGE_KEYS.userData);
}

/** The stored copy, or null. */
export function readStoredSessionUser(): SessionUser | null {
  return readJson<SessionUser>(STORAGE_KEYS.userData);
}
