import { useQuery } from '@apollo/client/react';
import { useId, useMemo, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { StatusMessage } from '../../../components/status-message';
import { ConversationsDocument } from '../../../gql/graphql';
import { useConversationUpdates } from '../hooks/use-conversation-updates';
import { byLastActivity, matchesConversation } from '../lib/match-conversation';
import { ConversationRow } from './conversation-row';

/** /messages: the search box, the loading, empty and error states, and the live list. */
export function ConversationList() {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const { data, loading, error, refetch } = useQuery(ConversationsDocument, { notifyOnNetworkStatusChange: true });
  useConversationUpdates();

  const rows = useMemo(
    () => [...(data?.conversations ?? [])].filter((row) => matchesConversation(row, search)).sort(byLastActivity),
    [data, search],
  );
  const searching = search.trim() !== '';

  let body;
  if (loading) {
    body = (
      <p className="page__note" role="status">
        Chargement des conversations...
      </p>
    );
  } else if (error || !data) {
    body = (
      <LoadError
        title="Impossible de charger les conversations"
        text="Une erreur est survenue lors du chargement de vos conversations."
        onRetry={refetch}
      />
    );
  } else if (rows.length === 0) {
    body = (
      <StatusMessage
        title="Aucune conversation"
        text={
          searching
            ? 'Aucune conversation ne correspond à votre recherche.'
            : 'Contactez un propriétaire depuis une annonce pour démarrer une conversation.'
        }
      />
    );
  } else {
    body = (
      <ul className="conversation-list" aria-label="Conversations">
        {rows.map((row) => (
          <li key={row.id}>
            <ConversationRow row={row} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <div className="conversation-search" role="search">
        <label htmlFor={searchId} className="visually-hidden">
          Rechercher une conversation
        </label>
        <input
          id={searchId}
          className="field__input"
          type="search"
          placeholder="Rechercher une conversation..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          autoComplete="off"
        />
      </div>
      {body}
    </>
  );
}
