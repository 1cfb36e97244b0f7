import { useMutation } from '@apollo/client/react';
import { toast } from '../../../components/toaster/use-toast';
import { EraseMyLocationsDocument } from '../../../gql/graphql';

/** Erases every stored position of the user (from Paramètres); toasts how many. */
export function useEraseMyLocationsMutation() {
  const [mutate, { loading }] = useMutation(EraseMyLocationsDocument);

  const eraseLocations = async (): Promise<boolean> => {
    try {
      const { data } = await mutate();
      const count = data?.eraseMyLocations ?? 0;
      toast({ title: 'Historique de positions effacé', description: `${count} position(s) supprimée(s).` });
      return true;
    } catch {
      toast({
        title: 'Erreur',
        description: "Impossible d'effacer votre historique de positions. Veuillez réessayer.",
        variant: 'destructive',
      });
      return false;
    }
  };

  return { eraseLocations, loading };
}
