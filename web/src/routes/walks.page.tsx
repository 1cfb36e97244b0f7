import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { BackButton } from '../components/back-button';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { WalksDocument, type StreetSalesLine_WalkFragment, type WalkSummary_WalkFragment } from '../gql/graphql';
import { formatParis } from '../lib/format';
import { StreetSalesLine } from '../modules/walks/components/street-sales-line';
import { formatDiscoveryCount, formatWalkDistance, formatWalkDuration } from '../modules/walks/lib/walk-format';
import '../modules/walks/walks.css';

const PAGE = 20;

function WalkItem({ walk }: { walk: WalkSummary_WalkFragment & StreetSalesLine_WalkFragment }) {
  const facts = [
    formatWalkDuration(walk.startedAt, walk.lastFixAt),
    formatWalkDistance(walk.distanceM),
    formatDiscoveryCount(walk.discoveryCount),
  ].join(' · ');
  return (
    <Link to={`/walks/${encodeURIComponent(walk.id)}`} className="walk-item">
      <p className="walk-item__date">
        <time dateTime={walk.startedAt}>{formatParis(walk.startedAt, "EEEE d MMMM 'à' HH:mm")}</time>
        {walk.endedAt === null && <span className="badge walk-item__live">En cours</span>}
      </p>
      <p className="walk-item__facts">{facts}</p>
      <StreetSalesLine walk={walk} />
    </Link>
  );
}

/**
 * /walks « Mes balades »: the signed-in user's walks, newest first (date, duration, distance, discoveries, the sales
 * along the streets walked).
 */
export default function WalksPage() {
  const { data, loading, error, refetch, fetchMore } = useQuery(WalksDocument, {
    variables: { first: PAGE },
    notifyOnNetworkStatusChange: true,
  });
  const walks = data?.walks.nodes;
  const more = data?.walks.pageInfo;

  const loadMore = () =>
    void fetchMore({
      variables: { first: PAGE, after: more?.endCursor },
      updateQuery: (prev, { fetchMoreResult }) =>
        fetchMoreResult
          ? {
              walks: {
                ...fetchMoreResult.walks,
                nodes: [...prev.walks.nodes, ...fetchMoreResult.walks.nodes],
              },
            }
          : prev,
    }).catch(() => undefined);

  return (
    <>
      <PageHeader title="Mes balades" />
      <div className="page walks">
        <BackButton variant="text" fallback="/history" />
        {loading && !walks ? (
          <Spinner label="Chargement des balades…" />
        ) : error && !walks ? (
          <div className="empty-state" role="alert">
            <p>Impossible de charger vos balades.</p>
            <button type="button" className="button" onClick={() => void refetch().catch(() => undefined)}>
              Réessayer
            </button>
          </div>
        ) : !walks || walks.length === 0 ? (
          <div className="empty-state">
            <p>Aucune balade pour l'instant.</p>
            <p>Activez la découverte en marchant : vos balades apparaîtront ici avec leur parcours.</p>
          </div>
        ) : (
          <>
            <ul className="walk-list" aria-label="Balades">
              {walks.map((walk) => (
                <li key={walk.id}>
                  <WalkItem walk={walk} />
                </li>
              ))}
            </ul>
            {more?.hasNextPage && (
              <button type="button" className="button button--secondary" onClick={loadMore} disabled={loading}>
                Afficher plus de balades
              </button>
            )}
          </>
        )}
      </div>
    </>
  );
}
