import { PlaceholderPage } from '../components/placeholder-page';

/** /history — placeholder until its issue lands. */
export default function HistoryPage() {
  return <PlaceholderPage title="Découvertes" />;
}
