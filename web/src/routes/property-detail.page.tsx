import { PlaceholderPage } from '../components/placeholder-page';

/** /property/{id} — placeholder until its issue lands. */
export default function PropertyDetailPage() {
  return <PlaceholderPage title="Détail du bien" />;
}
