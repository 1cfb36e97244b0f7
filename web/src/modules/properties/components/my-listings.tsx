import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { LoadError } from '../../../components/load-error';
import { StatusMessage } from '../../../components/status-message';
import {
  MyListingStatsDocument,
  MyPropertiesDocument,
  type ListingFieldsFragment,
  type ListingStats_StatsFragment,
} from '../../../gql/graphql';
import { useDeletePropertyMutation } from '../hooks/use-delete-property-mutation';
import { PeriodSwitch, type StatsDays } from './listing-funnel';
import { MyListingCard } from './my-listing-card';

/** The user's listings ("Mes annonces"): load error with "Réessayer", empty state, delete. */
export function MyListings() {
  const { data, loading, error, refetch } = useQuery(MyPropertiesDocument, { notifyOnNetworkStatusChange: true });
  const { deleteProperty, loading: deleting } = useDeletePropertyMutation();
  const [toDelete, setToDelete] = useState<ListingFieldsFragment | null>(null);
  // Every listing's funnel in one request, beside the listings (a slow count never holds the list back).
  const [days, setDays] = useState<StatsDays>(30);
  const stats = useQuery(MyListingStatsDocument, {
    variables: { days },
    // Figures move with every passer-by: each visit of the screen refreshes them.
    fetchPolicy: 'cache-and-network',
  });
  const statsById = new Map<string, ListingStats_StatsFragment | null>(
    (stats.data?.myProperties ?? []).map((p) => [p.id, p.stats ?? null]),
  );

  if (loading) return <Spinner label="Chargement de vos annonces…" />;
  if (error || !data) {
    return (
      <LoadError
        title="Impossible de récupérer vos propriétés"
        text="Une erreur est survenue lors du chargement de vos propriétés."
        onRetry={refetch}
      />
    );
  }

  const confirmDelete = async () => {
    if (!toDelete) return;
    const id = toDelete.id;
    setToDelete(null);
    await deleteProperty(id);
  };

  return (
    <>
      {data.myProperties.length === 0 ? (
        <StatusMessage
          title="Aucune annonce"
          text="Vous n'avez pas encore publié de bien."
          action={
            <Link to="/add-property" className="button button--primary">
              Ajouter un bien
            </Link>
          }
        />
      ) : (
        <>
          <PeriodSwitch days={days} onChange={setDays} />
          <ul className="my-listings" aria-label="Mes biens">
            {data.myProperties.map((property) => (
              <li key={property.id}>
                <MyListingCard property={property} stats={statsById.get(property.id)} onDelete={setToDelete} />
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Supprimer cette annonce ?"
        description={`« ${toDelete?.title ?? ''} » sera supprimée définitivement, avec ses photos. Cette action est irréversible.`}
        confirmLabel="Supprimer"
        busyLabel="Suppression..."
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
