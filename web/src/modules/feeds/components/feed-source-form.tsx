import { useMutation, useQuery } from '@apollo/client/react';
import { FEED_MSG, feedText } from '@flaneur/schema';
import { useState } from 'react';
import { serverMessage } from '../../../apollo/graphql-errors';
import { FieldShell } from '../../../components/field-shell';
import { toast } from '../../../components/toaster/use-toast';
import {
  FeedImportsDocument,
  FeedSourceDocument,
  FetchFeedSourceDocument,
  RemoveFeedSourceDocument,
  SetFeedSourceDocument,
} from '../../../gql/graphql';
import { formatParis } from '../../../lib/format';

const fail = (error: unknown) =>
  toast({ title: 'Erreur', description: serverMessage(error) ?? FEED_MSG.sourceUrlInvalid, variant: 'destructive' });

/** « Récupération chaque nuit »: the HTTPS address the gateway fetches the agency's feed from, every night. */
export function FeedSourceForm() {
  const { data } = useQuery(FeedSourceDocument, { fetchPolicy: 'cache-and-network' });
  const source = data?.feedSource ?? null;
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useMutation(SetFeedSourceDocument, { refetchQueries: [FeedSourceDocument] });
  const [remove, removing] = useMutation(RemoveFeedSourceDocument, { refetchQueries: [FeedSourceDocument] });
  const [fetchNow, fetching] = useMutation(FetchFeedSourceDocument, { refetchQueries: [FeedImportsDocument] });

  return (
    <section className="card feed-source" aria-labelledby="feed-source-title">
      <h2 id="feed-source-title" className="section-title">
        {FEED_MSG.sourceTitle}
      </h2>
      <p>{FEED_MSG.sourceIntro}</p>
      {source && (
        <div className="feed-source__current">
          <p className="feed-source__url">{source.url}</p>
          <p>{feedText(FEED_MSG.sourceNext, { date: formatParis(source.nextFetchAt, "d MMMM yyyy 'à' HH:mm") })}</p>
          {source.lastError && (
            <p className="notice notice--error">{feedText(FEED_MSG.sourceLastError, { reason: source.lastError })}</p>
          )}
          <div className="feed-source__actions">
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={fetching.loading}
              onClick={() =>
                void fetchNow()
                  .then(() => toast({ title: 'Récupération demandée', description: FEED_MSG.refreshHint }))
                  .catch(fail)
              }
            >
              {FEED_MSG.sourceFetchNow}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={removing.loading}
              onClick={() => void remove().catch(fail)}
            >
              {FEED_MSG.sourceRemove}
            </button>
          </div>
        </div>
      )}
      <form
        className="feed-source__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          void save({ variables: { url: url.trim() } })
            .then(() => setUrl(''))
            .catch((err: unknown) => setError(serverMessage(err) ?? FEED_MSG.sourceUrlInvalid));
        }}
      >
        <FieldShell label={FEED_MSG.sourceUrlLabel} error={error ? { type: 'server', message: error } : undefined}>
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          )}
        </FieldShell>
        <button type="submit" className="button button--primary" disabled={!url.trim() || saving.loading}>
          {FEED_MSG.sourceSave}
        </button>
      </form>
    </section>
  );
}
