import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { useMe } from '../hooks/use-me';
import { authRedirectState } from '../lib/post-login-path';

/**
 * The route guard: a spinner while the user loads; signed out → /auth, remembering the
 * attempted path for the return after login; signed in → the protected screen.
 */
export function RequireAuth() {
  const { user, loading } = useMe();
  const location = useLocation();

  if (loading) return <Spinner label="Vérification de la session…" />;
  if (!user) return <Navigate to="/auth" replace state={authRedirectState(location)} />;
  return <Outlet />;
}
