import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { useMe } from '../hooks/use-me';
import { readStoredSessionUser } from '../lib/session-user';
import { authRedirectState } from '../lib/post-login-path';

/**
 * The route guard: signed out → /auth, remembering the attempted path for the return after login; signed in → the
 * protected screen. While the session loads, a browser that was signed in last time (the stored copy of `me`)
 * paints the screen at once: its header, and its own spinners where it needs the user (its private data comes
 * from the server with the session cookie, never from the copy); any other browser waits behind a spinner.
 */
export function RequireAuth() {
  const { user, loading } = useMe();
  const location = useLocation();

  if (loading) return readStoredSessionUser() ? <Outlet /> : <Spinner label="Vérification de la session…" />;
  if (!user) return <Navigate to="/auth" replace state={authRedirectState(location)} />;
  return <Outlet />;
}
