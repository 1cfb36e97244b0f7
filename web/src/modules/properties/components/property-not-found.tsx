import { Link } from 'react-router-dom';
import { PlaceholderIcon } from './placeholder-icon';

/** Load failure or missing listing: "Bien non trouvé" and a way back home. */
export function PropertyNotFound() {
  return (
    <div className="empty-state" role="alert">
      <PlaceholderIcon size={48} />
      <h2 className="empty-state__title">Bien non trouvé</h2>
      <p className="empty-state__text">Le bien immobilier que vous recherchez n'existe pas ou a été supprimé.</p>
      <Link to="/" className="button button--primary">
        Retourner à l'accueil
      </Link>
    </div>
  );
}
