import { useQuery } from '@apollo/client/react';
import { HistoryDocument } from '../../../gql/graphql';
import { useMe } from '../../auth/hooks/use-me';

/**
 * The signed-in user's Découvertes: all of them, or those since a Paris day "YYYY-MM-DD" (the server
 * reads a date as midnight Europe/Paris). Skipped while signed out.
 */
export function useHistoryQuery(since?: string) {
  const { user, loading: meLoading } = useMe();
  const result = useQuery(HistoryDocument, {
    variables: since ? { since } : {},
    skip: !user,
  });
  return { ...result, loading: meLoading || result.loading, signedIn: Boolean(user) };
}
