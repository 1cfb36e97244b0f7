import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { HydrationMark } from './client-only';
import { PageHeader } from './page-header';

/** Sends what broke a screen to the server log (POST /api/client-errors); a failed report is only logged. */
export function reportClientError(error: unknown, url: string): void {
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  try {
    void fetch('/api/client-errors', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      keepalive: true,
      body: JSON.stringify({ message: message || 'Erreur inconnue', stack: stack?.slice(0, 8_000), url }),
    }).catch((failure: unknown) => console.error("Rapport d'erreur non envoyé", failure));
  } catch (failure) {
    console.error("Rapport d'erreur non envoyé", failure);
  }
}

/**
 * The error screen of every route, in French, inside the shell (the bottom navigation stays): never a developer
 * page. « Réessayer » renders the route again; « Retourner à l'accueil » goes to the dashboard.
 */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const url = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    console.error("Erreur d'affichage", error);
    reportClientError(error, url);
  }, [error, url]);

  return (
    <>
      {/* The shell's own error screen sits outside the screen's boundary, where the shell marks hydration. */}
      <HydrationMark />
      <PageHeader title="Erreur" />
      <div className="page page--narrow">
        <section className="card" role="alert" aria-labelledby="route-error-title">
          <h2 id="route-error-title" className="card__title">
            Une erreur est survenue
          </h2>
          <p className="page__note">
            Cet écran n'a pas pu s'afficher. Le problème nous a été signalé : réessayez, ou revenez à l'accueil.
          </p>
          <div className="route-error__actions">
            <button
              type="button"
              className="button button--primary"
              // A new navigation to the same address renders the route again (the error boundary resets).
              onClick={() => void navigate(url, { replace: true })}
            >
              Réessayer
            </button>
            <button type="button" className="button button--ghost" onClick={() => void navigate('/dashboard')}>
              Retourner à l'accueil
            </button>
          </div>
        </section>
      </div>
    </>
  );
}
