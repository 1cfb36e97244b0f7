import { PlaceholderPage } from '../components/placeholder-page';

/** /my-properties — placeholder until its issue lands. */
export default function MyPropertiesPage() {
  return <PlaceholderPage title="Mes annonces" />;
}
