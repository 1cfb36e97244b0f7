import { Link } from 'react-router-dom';
import type { ConversationRowFragment } from '../../../gql/graphql';
import { displayName } from '../../../lib/display-name';
import { formatDay } from '../../../lib/format';
import { Avatar } from '../../users/components/avatar';

/** One conversation: participant, listing title, the « Prudence » mark, 'd MMM' date and the unread badge. */
export function ConversationRow({ row }: { row: ConversationRowFragment }) {
  const unread = row.unreadCount > 0;
  return (
    <Link to={`/messages/${row.id}`} className={`conversation-row${unread ? ' conversation-row--unread' : ''}`}>
      <Avatar user={row.participant} />
      <span className="conversation-row__text">
        <span className="conversation-row__name">{displayName(row.participant)}</span>
        <span className="conversation-row__property">{row.propertyTitle}</span>
        {row.warned && <span className="conversation-row__warning">Prudence : lisez l'avertissement</span>}
      </span>
      <span className="conversation-row__side">
        <time className="conversation-row__date" dateTime={row.lastActivityAt}>
          {formatDay(row.lastActivityAt)}
        </time>
        {unread && (
          <span className="conversation-row__badge">
            {row.unreadCount}
            <span className="visually-hidden"> message(s) non lu(s)</span>
          </span>
        )}
      </span>
    </Link>
  );
}
