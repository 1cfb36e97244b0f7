import { useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { BackButton } from '../../../components/back-button';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { StatusMessage } from '../../../components/status-message';
import { ConversationThreadDocument } from '../../../gql/graphql';
import { displayName } from '../../../lib/display-name';
import { ReportDialog } from '../../moderation/components/report-dialog';
import { TrustWarningBanner } from '../../moderation/components/trust-warning-banner';
import { Avatar } from '../../users/components/avatar';
import { useConversationUpdates } from '../hooks/use-conversation-updates';
import { useMarkConversationReadMutation } from '../hooks/use-mark-conversation-read-mutation';
import { useMessageAdded } from '../hooks/use-message-added';
import { useRevokeTenantFileAccessMutation } from '../hooks/use-revoke-tenant-file-access-mutation';
import { useSendMessageMutation } from '../hooks/use-send-message-mutation';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';

interface ConversationViewProps {
  id: string;
  viewerId: string;
}

/**
 * /messages/{id}: participant and listing in the header, the messages, the composer;
 * new messages arrive live and the conversation is marked read when opened and as they arrive.
 */
export function ConversationView({ id, viewerId }: ConversationViewProps) {
  const { data, loading, error } = useQuery(ConversationThreadDocument, {
    variables: { id },
    // Messages that came while the screen was closed: refresh on open, then live updates.
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const markRead = useMarkConversationReadMutation();
  const { sendMessage, sending } = useSendMessageMutation(id);
  const { revoke } = useRevokeTenantFileAccessMutation(id);
  const end = useRef<HTMLDivElement>(null);
  const [reporting, setReporting] = useState(false);
  const thread = data?.conversation;
  const loaded = Boolean(thread);

  useConversationUpdates();
  useMessageAdded(id, loaded, (message) => {
    if (message.senderId !== viewerId) void markRead(id);
  });

  useEffect(() => {
    if (loaded) void markRead(id);
  }, [loaded, id, markRead]);

  const count = thread?.messages.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  if (!thread) {
    if (loading) {
      return (
        <>
          <PageHeader title="Conversation" actions={<BackButton fallback="/messages" />} />
          <Spinner label="Chargement de la conversation…" />
        </>
      );
    }
    return (
      <>
        <PageHeader title="Conversation" actions={<BackButton fallback="/messages" />} />
        <div className="page">
          <StatusMessage
            tone="error"
            title="Conversation non trouvée"
            text={error ? "Cette conversation n'existe pas ou vous n'y avez pas accès." : undefined}
            action={
              <Link to="/messages" className="button button--primary">
                Retour aux messages
              </Link>
            }
          />
        </div>
      </>
    );
  }

  const name = displayName(thread.participant);

  return (
    <>
      <PageHeader title={name} actions={<BackButton fallback="/messages" />} />
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        title="Signaler la conversation"
        targetType="conversation"
        targetId={id}
      />
      <div className="conversation">
        <div className="conversation__context">
          <Avatar user={thread.participant} />
          <div className="conversation__context-text">
            <Link
              to={`/profile/${encodeURIComponent(thread.participant.username)}`}
              className="conversation__participant"
            >
              {name}
            </Link>
            {thread.property ? (
              <Link to={`/property/${thread.property.id}`} className="conversation__property">
                {thread.property.title}
              </Link>
            ) : (
              <span className="conversation__property">{thread.propertyTitle}</span>
            )}
          </div>
          <button
            type="button"
            className="button button--ghost button--small conversation__report"
            onClick={() => setReporting(true)}
          >
            Signaler<span className="visually-hidden"> la conversation</span>
          </button>
        </div>
        <TrustWarningBanner warning={thread.trustWarning} onReport={() => setReporting(true)} />
        <div className="conversation__messages">
          {thread.messages.length === 0 ? (
            <p className="conversation__empty">Commencez la conversation</p>
          ) : (
            <ol className="conversation__list" aria-label="Messages" aria-live="polite">
              {thread.messages.map((message) => (
                <MessageBubble
                  key={message.id}
                  message={message}
                  mine={message.senderId === viewerId}
                  onRevoke={(fileId) => void revoke(fileId, name)}
                />
              ))}
            </ol>
          )}
          <div ref={end} />
        </div>
        <Composer
          sending={sending}
          documentsWarning={thread.documentsWarning}
          onSend={(content, documents, shareDays) =>
            sendMessage(
              content,
              documents.map((d) => d.id),
              shareDays,
            )
          }
        />
      </div>
    </>
  );
}
