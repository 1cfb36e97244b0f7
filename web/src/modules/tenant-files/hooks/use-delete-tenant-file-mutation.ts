import { useMutation } from '@apollo/client/react';
import { toast } from '../../../components/toaster/use-toast';
import { DeleteTenantFileDocument } from '../../../gql/graphql';

/** Deletes a document: it leaves the list at once (optimistic) and comes back if the server refuses. */
export function useDeleteTenantFileMutation() {
  const [mutate, { loading }] = useMutation(DeleteTenantFileDocument);

  const deleteFile = async (id: string): Promise<boolean> => {
    try {
      await mutate({
        variables: { id },
        optimisticResponse: { deleteTenantFile: true },
        update: (cache, { data }) => {
          if (!data?.deleteTenantFile) return;
          cache.evict({ id: cache.identify({ __typename: 'TenantFile', id }) });
          cache.gc();
        },
      });
      toast({ title: 'Document supprimé' });
      return true;
    } catch {
      toast({ title: 'Erreur', description: 'Erreur lors de la suppression du fichier', variant: 'destructive' });
      return false;
    }
  };

  return { deleteFile, loading };
}
