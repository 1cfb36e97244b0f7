import { Link, useLocation } from 'react-router-dom';
import { authRedirectState } from '../../auth/lib/post-login-path';
import { FAVORITE_MESSAGES } from '../lib/favorite-messages';

/** Signed out: the favourites need an account (a login prompt, not a redirect). */
export function FavoritesLoginPrompt() {
  const location = useLocation();
  return (
    <div className="empty-state">
      <h2 className="empty-state__title">Connectez-vous pour voir vos favoris</h2>
      <p className="empty-state__text">Retrouvez ici les biens que vous avez aimés, sur tous vos appareils.</p>
      <Link to="/auth" state={authRedirectState(location)} className="button button--primary">
        Se connecter
      </Link>
    </div>
  );
}

/** No favourite yet: "Aucun favori". */
export function NoFavorites() {
  return (
    <div className="empty-state">
      <h2 className="empty-state__title">Aucun favori</h2>
      <p className="empty-state__text">Touchez le cœur d'un bien pour le retrouver ici.</p>
      <Link to="/history" className="button button--secondary">
        Voir mes découvertes
      </Link>
    </div>
  );
}

/** The list could not be loaded: the French failure text, with a retry. */
export function FavoritesLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="empty-state" role="alert">
      <h2 className="empty-state__title">{FAVORITE_MESSAGES.loadFailed}</h2>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Réessayer
      </button>
    </div>
  );
}
