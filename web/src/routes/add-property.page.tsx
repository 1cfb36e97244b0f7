import { PlaceholderPage } from '../components/placeholder-page';

/** /add-property — placeholder until its issue lands. */
export default function AddPropertyPage() {
  return <PlaceholderPage title="Ajouter un bien" />;
}
