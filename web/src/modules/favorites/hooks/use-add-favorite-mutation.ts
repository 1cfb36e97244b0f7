import { useMutation } from '@apollo/client/react';
import { toast } from '../../../components/toaster/use-toast';
import {
  AddFavoriteDocument,
  type AddFavoriteMutation,
  type PropertyCard_PropertyFragment,
} from '../../../gql/graphql';
import { FAVORITE_MESSAGES } from '../lib/favorite-messages';
import { writeFavorite } from '../lib/favorites-cache';

/**
 * Adds a favourite, optimistically: the cached list gains it at once and loses it again if the
 * server fails (Apollo drops the optimistic layer), with the error toast.
 */
export function useAddFavoriteMutation() {
  const [mutate, { loading }] = useMutation(AddFavoriteDocument);

  const addFavorite = async (property: PropertyCard_PropertyFragment): Promise<boolean> => {
    const optimistic = {
      addFavorite: {
        __typename: 'FavoriteItem',
        favorite: { __typename: 'Favorite', id: `optimistic-${property.id}`, createdAt: new Date().toISOString() },
        property,
      },
    } as AddFavoriteMutation;
    try {
      await mutate({
        variables: { propertyId: property.id },
        optimisticResponse: optimistic,
        update: (cache, { data }) => {
          if (data) writeFavorite(cache, data.addFavorite);
        },
      });
      toast(FAVORITE_MESSAGES.added);
      return true;
    } catch {
      toast({ ...FAVORITE_MESSAGES.failed, variant: 'destructive' });
      return false;
    }
  };

  return { addFavorite, loading };
}
