import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { FavoritesDocument } from '../../../gql/graphql';
import { useMe } from '../../auth/hooks/use-me';

/**
 * The signed-in user's favourites (one query shared by every toggle on screen, instead of one
 * isFavorite call per card). Skipped while signed out.
 */
export function useFavoritesQuery() {
  const { user, loading: meLoading } = useMe();
  const result = useQuery(FavoritesDocument, { skip: !user });
  const ids = useMemo(() => new Set((result.data?.favorites ?? []).map((f) => f.property.id)), [result.data]);
  return { ...result, ids, signedIn: Boolean(user), loading: meLoading || result.loading };
}
