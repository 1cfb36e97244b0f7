import { useMutation } from '@apollo/client/react';
import { toast } from '../../../components/toaster/use-toast';
import { DeletePropertyDocument } from '../../../gql/graphql';

/**
 * Deletes a listing: it leaves the list at once (optimistic eviction), comes back if the
 * server refuses; toasts "Propriété supprimée" or the failure.
 */
export function useDeletePropertyMutation() {
  const [mutate, { loading }] = useMutation(DeletePropertyDocument);

  const deleteProperty = async (id: string): Promise<boolean> => {
    try {
      await mutate({
        variables: { id },
        optimisticResponse: { deleteProperty: true },
        update: (cache, { data }) => {
          if (!data?.deleteProperty) return;
          cache.evict({ id: cache.identify({ __typename: 'Property', id }) });
          cache.gc();
        },
      });
      toast({ title: 'Propriété supprimée' });
      return true;
    } catch {
      toast({ title: 'Erreur', description: 'Impossible de supprimer cette propriété', variant: 'destructive' });
      return false;
    }
  };

  return { deleteProperty, loading };
}
