import { Link } from 'react-router-dom';
import { useMe } from '../../auth/hooks/use-me';

/** The edit form's address section: where « Corriger » sends the owner to move the pin. */
export function placementEditPath(id: string): string {
  return `/add-property?edit=${encodeURIComponent(id)}#emplacement`;
}

/** « Corriger » under a listing's map: the owner moves the pin in the edit form (nothing for anyone else). */
export function CorrectLocationLink({ id, ownerId, title }: { id: string; ownerId: string | null; title?: string }) {
  const { user } = useMe();
  if (!user || ownerId === null || ownerId !== user.id) return null;
  return (
    <Link to={placementEditPath(id)} className="button button--ghost button--small">
      Corriger
      <span className="visually-hidden"> l'emplacement{title ? ` de ${title}` : ''}</span>
    </Link>
  );
}
