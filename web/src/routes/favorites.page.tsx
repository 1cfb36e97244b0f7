import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { formatParis } from '../lib/format';
import { useMe } from '../modules/auth/hooks/use-me';
import {
  FavoritesLoadError,
  FavoritesLoginPrompt,
  NoFavorites,
} from '../modules/favorites/components/favorites-states';
import { useFavoritesQuery } from '../modules/favorites/hooks/use-favorites-query';
import { PropertyRowCard } from '../modules/properties/components/property-row-card';

/** /favorites: the list; a login prompt when signed out; "Aucun favori" when empty. */
export default function FavoritesPage() {
  const { user, loading: meLoading } = useMe();
  const { data, loading, error, refetch } = useFavoritesQuery();
  const favorites = data?.favorites;

  return (
    <>
      <PageHeader title="Favoris" />
      <div className="page favorites">
        {meLoading ? (
          <Spinner />
        ) : !user ? (
          <FavoritesLoginPrompt />
        ) : loading && !favorites ? (
          <Spinner label="Chargement des favoris…" />
        ) : error && !favorites ? (
          <FavoritesLoadError onRetry={() => void refetch().catch(() => undefined)} />
        ) : !favorites || favorites.length === 0 ? (
          <NoFavorites />
        ) : (
          <ul className="card-list">
            {favorites.map(({ favorite, property }, index) => (
              <li key={property.id}>
                <PropertyRowCard
                  property={property}
                  priority={index === 0}
                  note={
                    favorite.id.startsWith('optimistic-')
                      ? undefined
                      : `Ajouté le ${formatParis(favorite.createdAt, 'd MMM')}`
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
