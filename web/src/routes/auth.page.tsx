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

/** The query parameter naming the selected tab: `?vue=inscription` opens « Inscription » (its link, see tabItems). */
const VIEW_PARAM = 'vue';
const REGISTER_VIEW = 'inscription';

const viewOfParams = (params: URLSearchParams): AuthView =>
  params.get('token') ? 'reset' : params.get(VIEW_PARAM) === REGISTER_VIEW ? 'register' : 'login';

/** `params` with the tab `key` named (login: no parameter) and no reset token. */
function withTab(params: URLSearchParams, key: 'login' | 'register'): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('token');
  if (key === 'register') next.set(VIEW_PARAM, REGISTER_VIEW);
  else next.delete(VIEW_PARAM);
  return next;
}

/**
 * The two tabs, each a link to /auth with that tab selected (the post-login path kept): on a server-painted page a
 * tap works before the app has hydrated, the server then paints that tab.
 */
function tabItems(params: URLSearchParams): TabItem<'login' | 'register'>[] {
  const href = (key: 'login' | 'register') => {
    const query = withTab(params, key).toString();
    return query ? `/auth?${query}` : '/auth';
  };
  return [
    { key: 'login', label: 'Connexion', href: href('login') },
    { key: 'register', label: 'Inscription', href: href('register') },
  ];
}

/**
 * /auth: login and register tabs, forgot and reset views; ?token= opens reset. The forms paint without waiting for
 * the session, unless this browser was signed in last time (it is about to move on: a spinner meanwhile).
 */
export default function AuthPage() {
  const { user, loading } = useMe();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [view, setView] = useState<AuthView>(() => viewOfParams(searchParams));

  useEffect(() => {
    if (token) setView('reset');
  }, [token]);

  // The address follows the tab (a reload stays on it); the history state (the post-login path) is kept.
  const selectTab = useCallback(
    (key: 'login' | 'register') => {
      setView(key);
      if (viewOfParams(searchParams) === key) return;
      setSearchParams(withTab(searchParams, key), { replace: true, state: location.state });
    },
    [searchParams, setSearchParams, location.state],
  );
  const backToLogin = useCallback(() => selectTab('login'), [selectTab]);

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
            items={tabItems(searchParams)}
            value={view === 'register' ? 'register' : 'login'}
            onChange={selectTab}
          >
            {view === 'register' ? <RegisterForm /> : <LoginForm onForgotPassword={() => setView('forgot')} />}
          </Tabs>
        )}
      </div>
    </>
  );
}
