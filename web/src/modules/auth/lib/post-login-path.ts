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

/**
 * The query parameter of /auth carrying the post-login path when the server redirects a signed-out visitor (an HTTP
 * redirect carries no history state).
 */
export const RETURN_PARAM = 'retour';

/** /auth remembering `attempted` (a path of the app) in its query: the server's redirect of a guarded screen. */
export function authPathReturningTo(attempted: string): string {
  return `/auth?${new URLSearchParams({ [RETURN_PARAM]: attempted }).toString()}`;
}

/**
 * The post-login path of /auth's location: its history state's, else its `retour` parameter's, else "/" (never
 * /auth itself, never another origin).
 */
export function postLoginPath(location: { state: unknown; search: string }): string {
  const stated = (location.state as Partial<AuthRedirectState> | null)?.from;
  const from = typeof stated === 'string' ? stated : new URLSearchParams(location.search).get(RETURN_PARAM);
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  if (from === '/auth' || from.startsWith('/auth?') || from.startsWith('/auth#')) return '/';
  return from;
}
