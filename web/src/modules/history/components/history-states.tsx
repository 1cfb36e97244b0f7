import { Link } from 'react-router-dom';
import { WalkTruth } from '../../walks/components/walk-truth';

/**
 * No discovery at all: "Aucune découverte". Once the user walked with tracking on, what the walk met instead (the
 * invitation to switch tracking on would not be true).
 */
export function NoDiscoveries() {
  return (
    <div className="empty-state">
      <h2 className="empty-state__title">Aucune découverte</h2>
      <WalkTruth
        fallback={
          <>
            <p className="empty-state__text">
              Activez la découverte en marchant depuis l'accueil : les biens croisés en chemin apparaîtront ici.
            </p>
            <Link to="/dashboard" className="button button--primary">
              Aller à l'accueil
            </Link>
          </>
        }
      />
    </div>
  );
}

/** Filters match nothing: "Aucun résultat". */
export function NoResults({ onReset }: { onReset: () => void }) {
  return (
    <div className="empty-state">
      <h2 className="empty-state__title">Aucun résultat</h2>
      <p className="empty-state__text">Aucune découverte ne correspond à ces filtres.</p>
      <button type="button" className="button button--secondary" onClick={onReset}>
        Réinitialiser les filtres
      </button>
    </div>
  );
}

/** The list could not be loaded: "Erreur lors de la récupération des découvertes", with a retry. */
export function HistoryLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="empty-state" role="alert">
      <h2 className="empty-state__title">Erreur lors de la récupération des découvertes</h2>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Réessayer
      </button>
    </div>
  );
}
