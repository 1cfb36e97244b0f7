import '../property.css';
/** "Location" for a rental, "Vente" for a sale. */
export function ListingKindBadge({ isRental }: { isRental: boolean }) {
  return <span className={`badge ${isRental ? 'badge--rent' : 'badge--sale'}`}>{isRental ? 'Location' : 'Vente'}</span>;
}

/** "Déjà vu" once opened, "Nouveau" before. */
export function ViewedBadge({ isViewed }: { isViewed: boolean }) {
  return <span className={`badge ${isViewed ? 'badge--seen' : 'badge--new'}`}>{isViewed ? 'Déjà vu' : 'Nouveau'}</span>;
}
