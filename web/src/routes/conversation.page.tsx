import { Link } from 'react-router-dom';
import { PlaceholderPage } from '../components/placeholder-page';

/** /messages/{id} — placeholder until the messaging issue lands. */
export default function ConversationPage() {
  return (
    <PlaceholderPage title="Messages">
      <Link to="/messages" className="button button--link">
        Retour aux messages
      </Link>
    </PlaceholderPage>
  );
}
