import { PageHeader } from '../components/page-header';
import { ConversationList } from '../modules/conversations/components/conversation-list';
import '../components/common.css';
import '../modules/conversations/conversations.css';

/** /messages: the user's conversations, searchable, updated live. */
export default function MessagesPage() {
  return (
    <>
      <PageHeader title="Messages" />
      <div className="page">
        <ConversationList />
      </div>
    </>
  );
}
