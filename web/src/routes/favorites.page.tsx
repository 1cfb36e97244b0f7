import { PlaceholderPage } from '../components/placeholder-page';

/** /favorites — placeholder until its issue lands. */
export default function FavoritesPage() {
  return <PlaceholderPage title="Favoris" />;
}
