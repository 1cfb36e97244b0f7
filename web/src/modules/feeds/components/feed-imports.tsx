import { useQuery } from '@apollo/client/react';
import { FEED_MSG } from '@flaneur/schema';
import { useState } from 'react';
import {
  FeedImportReportDocument,
  FeedImportsDocument,
  type FeedImportSummary_ImportFragment,
} from '../../../gql/graphql';
import { formatParis } from '../../../lib/format';
import { useFeedImportChanged } from '../hooks/use-feed-import-changed';
import { useImportFeedMutation } from '../hooks/use-import-feed-mutation';
import { FeedSourceForm } from './feed-source-form';
import '../feeds.css';

/** « Flux d'annonces »: upload the agency's Poliris ZIP, follow its imports, read and download their reports. */
export function FeedImports() {
  const { data, loading, refetch } = useQuery(FeedImportsDocument, { fetchPolicy: 'cache-and-network' });
  const { importFeed, uploading } = useImportFeedMutation();
  const [file, setFile] = useState<File | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const imports = data?.feedImports ?? [];
  useFeedImportChanged();

  return (
    <div className="feed-imports">
      <p className="feed-imports__intro">{FEED_MSG.intro}</p>
      <form
        className="card feed-imports__upload"
        onSubmit={(e) => {
          e.preventDefault();
          if (file) void importFeed(file).then((ok) => ok && setFile(null));
        }}
      >
        <label htmlFor="feed-file" className="form-field__label">
          Fichier ZIP du flux (Poliris)
        </label>
        <input
          id="feed-file"
          type="file"
          accept=".zip,application/zip"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <button type="submit" className="button button--primary" disabled={!file || uploading}>
          {uploading ? 'Envoi...' : FEED_MSG.upload}
        </button>
      </form>
      <FeedSourceForm />
      <div className="feed-imports__toolbar">
        <h2 className="section-title">Imports</h2>
        {/* The imports follow live (feedImportChanged); « Actualiser » after the socket was away. */}
        <button type="button" className="button button--secondary button--small" onClick={() => void refetch()}>
          {FEED_MSG.refresh}
        </button>
      </div>
      {!loading && imports.length === 0 && <p>{FEED_MSG.noImport}</p>}
      <ul className="feed-imports__list">
        {imports.map((item) => (
          <li key={item.id} className="card feed-import">
            <ImportSummary item={item} />
            <button
              type="button"
              className="button button--ghost button--small"
              aria-expanded={openId === item.id}
              onClick={() => setOpenId(openId === item.id ? null : item.id)}
            >
              {openId === item.id ? 'Masquer le rapport' : 'Voir le rapport'}
            </button>
            {openId === item.id && <ImportReport id={item.id} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ImportSummary({ item }: { item: FeedImportSummary_ImportFragment }) {
  const counts: [string, number][] = [
    [FEED_MSG.created, item.created],
    [FEED_MSG.updated, item.updated],
    [FEED_MSG.unchanged, item.unchanged],
    [FEED_MSG.withdrawn, item.withdrawn],
    [FEED_MSG.refused, item.refused],
    [FEED_MSG.drafts, item.drafts],
  ];
  return (
    <>
      <p className="feed-import__head">
        <span className={`badge feed-import__status feed-import__status--${item.status}`}>{item.statusLabel}</span>{' '}
        <span>Reçu le {formatParis(item.createdAt, "d MMMM yyyy 'à' HH:mm")}</span>
      </p>
      <dl className="feed-import__counts">
        {counts.map(([label, n]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      {item.error && <p className="notice notice--error">{item.error}</p>}
    </>
  );
}

function ImportReport({ id }: { id: string }) {
  const { data, loading } = useQuery(FeedImportReportDocument, { variables: { id }, fetchPolicy: 'network-only' });
  const report = data?.feedImport.report ?? [];
  if (loading && !data) return <p>Chargement du rapport...</p>;
  return (
    <div className="feed-import__report">
      <a
        className="button button--secondary button--small"
        href={`/api/feeds/imports/${encodeURIComponent(id)}?format=csv`}
      >
        {FEED_MSG.downloadCsv}
      </a>
      {report.length === 0 ? (
        <p>Aucune remarque sur les lignes.</p>
      ) : (
        <ul className="feed-import__lines">
          {report.map((l, i) => (
            <li key={i}>
              <strong>
                {l.line !== null ? `${FEED_MSG.reportLine} ${l.line}` : 'Flux'}
                {l.reference ? ` · ${l.reference}` : ''}
              </strong>
              {l.field ? ` · ${l.field}` : ''} — {l.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
