import { useParams } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { useMe } from '../modules/auth/hooks/use-me';
import { ConversationView } from '../modules/conversations/components/conversation-view';
import '../components/common.css';
import '../modules/tenant-files/tenant-files.css';
import '../modules/conversations/conversations.css';

/** /messages/{id}: one conversation. The route guard sends signed-out visitors to /auth. */
export default function ConversationPage() {
  const { id = '' } = useParams();
  const { user } = useMe();
  if (!user) return <Spinner />;
  // A new key per conversation: its local state (composer, selected documents) starts afresh.
  return <ConversationView key={id} id={id} viewerId={user.id} />;
}
