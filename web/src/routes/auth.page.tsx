import { useCallback, useEffect, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { Tabs, type TabItem } from '../components/tabs';
import { ForgotPasswordForm } from '../modules/auth/components/forgot-password-form';
import { LoginForm } from '../modules/auth/components/login-form';
import { RegisterForm } from '../modules/auth/components/register-form';
import { ResetPasswordForm } from '../modules/auth/components/reset-password-form';
import { useMe } from '../modules/auth/hooks/use-me';
import { readStoredSessionUser } from '../modules/auth/lib/session-user';
import { postLoginPath } from '../modules/auth/lib/post-login-path';

type AuthView = 'login' | 'register' | 'forgot' | 'reset';

const AUTH_TABS: readonly TabItem<'login' | 'register'>[] = [
  { key: 'login', label: 'Connexion' },
  { key: 'register', label: 'Inscription' },
];

/**
 * /auth: login and register tabs, forgot and reset views; ?token= opens reset. The forms paint without waiting for
 * the session, unless this browser was signed in last time (it is about to move on: a spinner meanwhile).
 */
export default function AuthPage() {
  const { user, loading } = useMe();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [view, setView] = useState<AuthView>(token ? 'reset' : 'login');

  useEffect(() => {
    if (token) setView('reset');
  }, [token]);

  const backToLogin = useCallback(() => {
    setView('login');
    if (!token) return; // keeps the history state (the post-login path) untouched
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('token');
        return next;
      },
      { replace: true },
    );
  }, [token, setSearchParams]);

  // A reset link is honoured even in a signed-in browser; otherwise signed-in visitors move on.
  if (user && !token) return <Navigate to={postLoginPath(location)} replace />;

  return (
    <>
      <PageHeader title="Mon compte" />
      <div className="page page--narrow">
        {loading && !token && readStoredSessionUser() ? (
          <Spinner />
        ) : view === 'reset' && token ? (
          <ResetPasswordForm token={token} onDone={backToLogin} />
        ) : view === 'forgot' ? (
          <ForgotPasswordForm onBack={backToLogin} />
        ) : (
          <Tabs
            label="Authentification"
            items={AUTH_TABS}
            value={view === 'register' ? 'register' : 'login'}
            onChange={setView}
          >
            {view === 'register' ? <RegisterForm /> : <LoginForm onForgotPassword={() => setView('forgot')} />}
          </Tabs>
        )}
      </div>
    </>
  );
}
