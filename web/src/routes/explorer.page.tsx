import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useState } from 'react';
import { PageHeader } from '../components/page-header';
import { formatNumber } from '../lib/format';
import { ExplorePropertiesDocument } from '../gql/graphql';
import { SegmentedChoice } from '../modules/preferences/components/choice-group';
import { SearchCriteriaCard } from '../modules/preferences/components/search-criteria-card';
import { useSearchFilters } from '../modules/preferences/hooks/use-search-filters';
import { PlaceTruth } from '../modules/walks/components/place-truth';
import { LazyExplorerMap } from '../modules/map/components/lazy-maps';
import { ExplorerPlaceSearch, type ExplorerPlace } from '../modules/properties/components/explorer-place-search';
import { PropertyRowCard } from '../modules/properties/components/property-row-card';
import { useCurrentPosition } from '../modules/properties/hooks/use-current-position';
import { explorerFilter, formatDistance } from '../modules/properties/lib/explorer-filter';
import '../modules/properties/explorer.css';

type Around = 'me' | 'place';
type View = 'list' | 'map';

const AROUND_OPTIONS = [
  { value: 'me', label: 'Autour de moi' },
  { value: 'place', label: "Autour d'un lieu" },
] as const;
const VIEW_OPTIONS = [
  { value: 'list', label: 'Liste' },
  { value: 'map', label: 'Carte' },
] as const;
/** Listings per page; « Voir plus » asks for this many more, up to the search's limit. */
const PAGE = 30;
const MAX = 100;

/**
 * /explorer, « Explorer les biens »: the listings around the user's position or around a place, nearest first, as
 * a list or on a map, with the saved criteria (or the guest's) as filters. Open to everyone.
 */
export default function ExplorerPage() {
  const { filters, loading: filtersLoading } = useSearchFilters();
  const { state: position, locate } = useCurrentPosition();
  const [around, setAround] = useState<Around>('me');
  const [place, setPlace] = useState<ExplorerPlace | null>(null);
  const [view, setView] = useState<View>('list');
  const [first, setFirst] = useState(PAGE);

  useEffect(() => {
    if (around === 'me' && position.status === 'idle') void locate();
  }, [around, position.status, locate]);

  const centre =
    around === 'place'
      ? place
      : position.status === 'located'
        ? { latitude: position.latitude, longitude: position.longitude }
        : null;
  const lat = centre?.latitude;
  const lng = centre?.longitude;
  const filter = useMemo(
    () => (lat !== undefined && lng !== undefined ? explorerFilter({ latitude: lat, longitude: lng }, filters) : null),
    [lat, lng, filters],
  );
  const { data, loading, error, previousData } = useQuery(ExplorePropertiesDocument, {
    variables: { filter: filter!, first },
    skip: !filter || filtersLoading,
  });
  const result = (data ?? previousData)?.properties;
  const nodes = filter ? (result?.nodes ?? []) : [];

  return (
    <>
      <PageHeader title="Explorer les biens" />
      <div className="page explorer">
        <section className="card explorer__around" aria-label="Centre de la recherche">
          <SegmentedChoice
            legend="Où chercher"
            options={AROUND_OPTIONS}
            value={around}
            onChange={(value) => {
              setAround(value);
              setFirst(PAGE);
            }}
          />
          {around === 'me' && position.status === 'locating' && <p role="status">Localisation en cours…</p>}
          {around === 'me' && position.status === 'error' && (
            <div role="alert" className="explorer__error">
              <p>Votre position est indisponible ({position.message.replace(/^Erreur: /, '')}).</p>
              <button type="button" className="button button--secondary button--small" onClick={() => void locate()}>
                Réessayer
              </button>{' '}
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => setAround('place')}
              >
                Chercher autour d'un lieu
              </button>
            </div>
          )}
          {around === 'place' && (
            <>
              <ExplorerPlaceSearch
                onPick={(picked) => {
                  setPlace(picked);
                  setFirst(PAGE);
                }}
              />
              {place && <p className="explorer__place">Autour de : {place.label}</p>}
            </>
          )}
        </section>

        <SearchCriteriaCard />

        {centre && (
          <section aria-labelledby="explorer-results-title" className="explorer__results">
            <div className="explorer__results-head">
              <h2 id="explorer-results-title" className="card__title">
                {loading && !result
                  ? 'Recherche des biens…'
                  : `${nodes.length}${result?.pageInfo.hasNextPage ? '+' : ''} ${nodes.length > 1 ? 'biens' : 'bien'} à moins de ${formatNumber(filters.radius)} km`}
              </h2>
              <SegmentedChoice legend="Affichage" options={VIEW_OPTIONS} value={view} onChange={setView} />
            </div>
            {error && (
              <p role="alert" className="explorer__error">
                La recherche a échoué. Vérifiez votre connexion et réessayez.
              </p>
            )}
            {!loading && !error && result && nodes.length === 0 && <PlaceTruth centre={centre} filters={filters} />}
            {view === 'map' ? (
              <LazyExplorerMap centre={centre} centreIsHere={around === 'me'} properties={nodes} />
            ) : (
              <ul className="explorer__list">
                {nodes.map((property, index) => (
                  <li key={property.id}>
                    <PropertyRowCard
                      property={property}
                      priority={index === 0}
                      note={property.distanceM != null ? formatDistance(property.distanceM) : undefined}
                    />
                  </li>
                ))}
              </ul>
            )}
            {result?.pageInfo.hasNextPage && first < MAX && (
              <button
                type="button"
                className="button button--secondary explorer__more"
                disabled={loading}
                onClick={() => setFirst((n) => Math.min(MAX, n + PAGE))}
              >
                Voir plus de biens
              </button>
            )}
          </section>
        )}
      </div>
    </>
  );
}
