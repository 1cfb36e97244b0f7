import { useMutation } from '@apollo/client/react';
import { toast } from '../../../components/toaster/use-toast';
import { RemoveFavoriteDocument } from '../../../gql/graphql';
import { FAVORITE_MESSAGES } from '../lib/favorite-messages';
import { removeFavorite as removeFromCache } from '../lib/favorites-cache';

/** Removes a favourite, optimistically; the listing comes back in the list if the server fails. */
export function useRemoveFavoriteMutation() {
  const [mutate, { loading }] = useMutation(RemoveFavoriteDocument);

  const removeFavorite = async (propertyId: string): Promise<boolean> => {
    try {
      await mutate({
        variables: { propertyId },
        optimisticResponse: { removeFavorite: true },
        update: (cache) => removeFromCache(cache, propertyId),
      });
      toast(FAVORITE_MESSAGES.removed);
      return true;
    } catch {
      toast({ ...FAVORITE_MESSAGES.failed, variant: 'destructive' });
      return false;
    }
  };

  return { removeFavorite, loading };
}
