import { PlaceholderPage } from '../components/placeholder-page';

/** /messages — placeholder until its issue lands. */
export default function MessagesPage() {
  return <PlaceholderPage title="Messages" />;
}
