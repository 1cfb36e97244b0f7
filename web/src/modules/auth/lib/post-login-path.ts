import type { Location } from 'react-router-dom';

/** History state carried to /auth: where to return after signing in. */
export interface AuthRedirectState {
  from: string;
}

/**
 * State for `navigate('/auth', { state })` that remembers the attempted path. Kept in the history
 * entry (survives a reload, scoped to the tab, gone once used) rather than in global storage.
 */
export function authRedirectState(location: Pick<Location, 'pathname' | 'search' | 'hash'>): AuthRedirectState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/** The stored post-login path, or "/" (never /auth itself, never another origin). */
export function postLoginPath(state: unknown): string {
  const from = (state as Partial<AuthRedirectState> | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  if (from === '/auth' || from.startsWith('/auth?') || from.startsWith('/auth#')) return '/';
  return from;
}
