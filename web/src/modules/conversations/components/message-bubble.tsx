import type { MessageFieldsFragment } from '../../../gql/graphql';
import { formatTime } from '../../../lib/format';
import { documentTypeLabel } from '../../tenant-files/lib/document-labels';

interface MessageBubbleProps {
  message: MessageFieldsFragment;
  mine: boolean;
  onRevoke: (fileId: string) => void;
}

/**
 * One message: text with its line breaks, 'HH:mm', and its attached documents — openable through
 * their authorized download path; on one's own messages each can have its access revoked, and says
 * "Accès révoqué" once it is (the server's revokedFileIds, so it holds after a reload).
 */
export function MessageBubble({ message, mine, onRevoke }: MessageBubbleProps) {
  const expired = message.attachmentShares.filter((s) => s.status === 'EXPIRED');
  const expiredIds = new Set(expired.map((s) => s.fileId));
  // Expired documents are said as such; the rest of the unreadable ones stay anonymous.
  const hidden =
    message.attachedFileIds.length -
    message.attachedFiles.length -
    (mine ? 0 : expired.filter((s) => !message.attachedFiles.some((f) => f.id === s.fileId)).length);
  return (
    <li className={`message${mine ? ' message--mine' : ''}`}>
      <div className="message__bubble">
        <span className="visually-hidden">{mine ? 'Vous : ' : 'Message reçu : '}</span>
        {message.content && <p className="message__content">{message.content}</p>}
        {message.attachedFiles.length > 0 && (
          <ul className="message__files" aria-label="Documents joints">
            {message.attachedFiles.map((file) => (
              <li key={file.id} className="message__file">
                <a href={file.fileUrl} target="_blank" rel="noopener noreferrer" className="message__file-link">
                  <span className="message__file-title">{file.title}</span>
                  <span className="message__file-type">{documentTypeLabel(file.fileType)}</span>
                </a>
                {mine && expiredIds.has(file.id) && !message.revokedFileIds.includes(file.id) && (
                  <span className="message__revoked">Partage expiré</span>
                )}
                {mine &&
                  (message.revokedFileIds.includes(file.id) ? (
                    <span className="message__revoked">Accès révoqué</span>
                  ) : (
                    <button
                      type="button"
                      className="button button--link message__revoke"
                      onClick={() => onRevoke(file.id)}
                    >
                      Révoquer l'accès<span className="visually-hidden"> à {file.title}</span>
                    </button>
                  ))}
              </li>
            ))}
          </ul>
        )}
        {!mine && expired.length > 0 && (
          <p className="message__hidden">
            {expired.length === 1
              ? "Partage expiré : ce document n'est plus partagé."
              : `Partage expiré : ${expired.length} documents ne sont plus partagés.`}
          </p>
        )}
        {hidden > 0 && (
          <p className="message__hidden">
            {hidden === 1
              ? "Un document joint n'est plus accessible."
              : `${hidden} documents joints ne sont plus accessibles.`}
          </p>
        )}
        <p className="message__meta">
          <time dateTime={message.sentAt}>{formatTime(message.sentAt)}</time>
          {mine && message.isRead && <span> · Lu</span>}
        </p>
      </div>
    </li>
  );
}
