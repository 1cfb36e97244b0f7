import { formatParis } from '../../../lib/format';
import '../property.css';
/** "Location" for a rental, "Vente" for a sale. */
export function ListingKindBadge({ isRental }: { isRental: boolean }) {
  return <span className={`badge ${isRental ? 'badge--rent' : 'badge--sale'}`}>{isRental ? 'Location' : 'Vente'}</span>;
}

/** "Déjà vu" once opened, "Nouveau" before. */
export function ViewedBadge({ isViewed }: { isViewed: boolean }) {
  return <span className={`badge ${isViewed ? 'badge--seen' : 'badge--new'}`}>{isViewed ? 'Déjà vu' : 'Nouveau'}</span>;
}

/** « Prix en baisse »: the price dropped in the last 30 days (formerPrice is set). */
export function PriceDropBadge({ formerPrice }: { formerPrice?: number | null }) {
  return formerPrice != null ? <span className="badge badge--drop">Prix en baisse</span> : null;
}

/** « Vérifié sur place » with its date (d MMM yyyy, Paris), when the owner proved being in front of the listing. */
export function VerifiedOnSiteBadge({ at }: { at?: string | null }) {
  if (!at) return null;
  return (
    <span className="badge badge--verified">
      Vérifié sur place <time dateTime={at}>le {formatParis(at, 'd MMM yyyy')}</time>
    </span>
  );
}

/** « Panneau »: a Découvertes entry that came from a listing's panel (its QR code or its reference). */
export function PanelSourceBadge({ source }: { source?: string | null }) {
  return source === 'panel' ? <span className="badge badge--panel">Panneau</span> : null;
}
