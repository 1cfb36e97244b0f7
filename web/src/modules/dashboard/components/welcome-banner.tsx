import type { ReactNode } from 'react';
import { LogoutButton } from '../../auth/components/logout-button';
import type { SessionUser } from '../../auth/lib/session-user';
import { displayName } from '../../../lib/display-name';

interface WelcomeBannerProps {
  user: SessionUser;
  /** Shown under the greeting: the simulate-discovery button when today is empty. */
  children?: ReactNode;
}

/** "Bonjour, {display name}" for a signed-in visitor of /dashboard. */
export function WelcomeBanner({ user, children }: WelcomeBannerProps) {
  return (
    <section className="card welcome-banner" aria-labelledby="welcome-title">
      <h2 id="welcome-title" className="welcome-banner__title">
        Bonjour, {displayName(user)}
      </h2>
      <p className="welcome-banner__text">Prêt pour une nouvelle balade ?</p>
      {children}
      <LogoutButton className="button button--ghost welcome-banner__logout" />
    </section>
  );
}
