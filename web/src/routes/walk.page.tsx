import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router-dom';
import { hasErrorCode } from '../apollo/graphql-errors';
import { BackButton } from '../components/back-button';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { WalkDocument } from '../gql/graphql';
import { formatParis } from '../lib/format';
import { PropertyRowCard } from '../modules/properties/components/property-row-card';
import { LazyWalkMap } from '../modules/walks/components/lazy-walk-map';
import { StreetSalesLine } from '../modules/walks/components/street-sales-line';
import {
  formatDiscoveryCount,
  formatWalkDistance,
  formatWalkDuration,
  MISSED_LABELS,
} from '../modules/walks/lib/walk-format';
import '../modules/walks/walks.css';

/**
 * /walks/{id}: one walk of the signed-in user: its figures, the map with its trace (while the fixes are kept) and
 * the listings discovered on the way, the list of those listings, then « Presque pour vous ».
 */
export default function WalkPage() {
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(WalkDocument, { variables: { id } });
  const walk = data?.walk;

  let content;
  if (loading && !walk) content = <Spinner label="Chargement de la balade…" />;
  else if (!walk && (hasErrorCode(error, 'NOT_FOUND') || !error))
    content = (
      <div className="empty-state">
        <p>Balade introuvable.</p>
        <Link to="/walks" className="button">
          Mes balades
        </Link>
      </div>
    );
  else if (!walk)
    content = (
      <div className="empty-state" role="alert">
        <p>Impossible de charger cette balade.</p>
        <button type="button" className="button" onClick={() => void refetch().catch(() => undefined)}>
          Réessayer
        </button>
      </div>
    );
  else
    content = (
      <>
        <p className="walk-facts">
          <time dateTime={walk.startedAt}>{formatParis(walk.startedAt, "EEEE d MMMM 'à' HH:mm")}</time>
          {' · '}
          {formatWalkDuration(walk.startedAt, walk.lastFixAt)} · {formatWalkDistance(walk.distanceM)} ·{' '}
          {formatDiscoveryCount(walk.discoveryCount)}
          {walk.endedAt === null && ' · en cours'}
        </p>
        <StreetSalesLine walk={walk} />
        {walk.path.length > 0 ? (
          <p className="visually-hidden">Parcours de {walk.path.length} positions</p>
        ) : (
          <p className="walk-facts">Le tracé n'est plus disponible : les positions sont effacées après 30 jours.</p>
        )}
        {(walk.path.length > 0 || walk.discoveries.length > 0) && (
          <LazyWalkMap path={walk.path} discoveries={walk.discoveries} />
        )}
        <section className="walk-section" aria-labelledby="walk-discoveries">
          <h2 id="walk-discoveries">Découverts en chemin</h2>
          {walk.discoveries.length === 0 ? (
            <p>Aucun bien découvert pendant cette balade.</p>
          ) : (
            <ul className="card-list">
              {walk.discoveries.map((item, index) => (
                <li key={item.entry.id}>
                  <PropertyRowCard property={item.property} entry={item.entry} priority={index === 0} />
                </li>
              ))}
            </ul>
          )}
        </section>
        {walk.nearMisses.length > 0 && (
          <section className="walk-section" aria-labelledby="walk-near-misses">
            <h2 id="walk-near-misses">Presque pour vous</h2>
            <p>Ces biens croisés en chemin ne manquaient votre recherche que d'un critère.</p>
            <ul className="card-list">
              {walk.nearMisses.map((miss) => (
                <li key={miss.property.id} className="walk-near-miss">
                  <p className="walk-near-miss__reason">{MISSED_LABELS[miss.missed]}</p>
                  <PropertyRowCard property={miss.property} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </>
    );

  return (
    <>
      <PageHeader title="Balade" />
      <div className="page walk">
        <BackButton variant="text" fallback="/walks" />
        {content}
      </div>
    </>
  );
}
