import { useQuery } from '@apollo/client/react';
import { MODERATION_ACTION_VERBS, type ModerationActionKind } from '@flaneur/schema';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { StatusMessage } from '../../../components/status-message';
import { ModerationQueueDocument, type ModerationQueueQuery } from '../../../gql/graphql';
import { moderationErrorMessage } from '../lib/moderation-errors';
import { ModerationActionDialog, type PendingAction } from './moderation-action-dialog';
import '../moderation.css';

type QueueListing = ModerationQueueQuery['moderationQueue']['listings'][number];
type QueueAccount = ModerationQueueQuery['moderationQueue']['accounts'][number];

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

/** « 3 signalements · 1 message suspect ». */
function counts(item: { reportCount: number; flaggedMessageCount: number }): string {
  return `${plural(item.reportCount, 'signalement', 'signalements')} · ${plural(
    item.flaggedMessageCount,
    'message suspect',
    'messages suspects',
  )}`;
}

/** The moderators' queue: listings, then accounts, in the order the server ranks them, each with its actions. */
export function ModerationQueue() {
  const { data, loading, error } = useQuery(ModerationQueueDocument, { fetchPolicy: 'cache-and-network' });
  const [pending, setPending] = useState<PendingAction | null>(null);

  if (!data) {
    if (loading) return <Spinner label="Chargement de la file de modération…" />;
    return <StatusMessage tone="error" title="File de modération indisponible" text={moderationErrorMessage(error)} />;
  }
  const { listings, accounts } = data.moderationQueue;

  return (
    <div className="moderation-queue">
      <section aria-labelledby="queue-listings-title">
        <h2 id="queue-listings-title" className="section-title">
          Annonces
        </h2>
        {listings.length === 0 ? (
          <p className="page__note">Aucune annonce signalée.</p>
        ) : (
          <ol className="moderation-list">
            {listings.map((listing) => (
              <li key={listing.propertyId}>
                <ListingItem listing={listing} onAct={setPending} />
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="queue-accounts-title">
        <h2 id="queue-accounts-title" className="section-title">
          Comptes
        </h2>
        {accounts.length === 0 ? (
          <p className="page__note">Aucun compte signalé.</p>
        ) : (
          <ol className="moderation-list">
            {accounts.map((account) => (
              <li key={account.userId}>
                <AccountItem account={account} onAct={setPending} />
              </li>
            ))}
          </ol>
        )}
      </section>
      <ModerationActionDialog pending={pending} onClose={() => setPending(null)} />
    </div>
  );
}

function Reasons({ reasons }: { reasons: readonly string[] }) {
  if (reasons.length === 0) return null;
  return (
    <ul className="moderation-item__reasons" aria-label="Motifs">
      {reasons.map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </ul>
  );
}

function ActionButton({ action, onClick }: { action: ModerationActionKind; onClick: () => void }) {
  const harsh = action === 'hide' || action === 'suspend';
  return (
    <button
      type="button"
      className={`button button--small ${harsh ? 'button--danger' : 'button--secondary'}`}
      onClick={onClick}
    >
      {MODERATION_ACTION_VERBS[action]}
    </button>
  );
}

function ListingItem({ listing, onAct }: { listing: QueueListing; onAct: (p: PendingAction) => void }) {
  const titleId = `queue-listing-${listing.propertyId}`;
  const action: ModerationActionKind = listing.hidden ? 'restore' : 'hide';
  return (
    <article className="card moderation-item" aria-labelledby={titleId}>
      <h3 id={titleId} className="moderation-item__title">
        <Link to={`/property/${listing.propertyId}`}>{listing.title}</Link>
      </h3>
      <p className="moderation-item__meta">
        {listing.ownerUsername ? `Publiée par ${listing.ownerUsername} · ` : ''}
        {counts(listing)}
        {listing.hidden && (
          <>
            {' '}
            <span className="badge badge--danger">Masquée</span>
          </>
        )}
      </p>
      <Reasons reasons={listing.reasons} />
      <div className="button-row">
        <ActionButton
          action={action}
          onClick={() => onAct({ targetType: 'property', targetId: listing.propertyId, action, name: listing.title })}
        />
      </div>
    </article>
  );
}

function AccountItem({ account, onAct }: { account: QueueAccount; onAct: (p: PendingAction) => void }) {
  const titleId = `queue-account-${account.userId}`;
  const actions: ModerationActionKind[] = account.suspended ? ['reinstate'] : ['warn', 'suspend'];
  return (
    <article className="card moderation-item" aria-labelledby={titleId}>
      <h3 id={titleId} className="moderation-item__title">
        <Link to={`/profile/${encodeURIComponent(account.username)}`}>{account.username}</Link>
      </h3>
      <p className="moderation-item__meta">
        {counts(account)}
        {account.suspended && (
          <>
            {' '}
            <span className="badge badge--danger">Suspendu</span>
          </>
        )}
      </p>
      <Reasons reasons={account.reasons} />
      <div className="button-row">
        {actions.map((action) => (
          <ActionButton
            key={action}
            action={action}
            onClick={() => onAct({ targetType: 'user', targetId: account.userId, action, name: account.username })}
          />
        ))}
      </div>
    </article>
  );
}
