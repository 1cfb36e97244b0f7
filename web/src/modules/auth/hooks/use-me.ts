import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { MeDocument } from '../../../gql/graphql';
import { clearSessionUser, storeSessionUser, type SessionUser } from '../lib/session-user';

/** The session: loading (unknown), then a user (signed in) or null (signed out). */
export interface MeState {
  user: SessionUser | null;
  loading: boolean;
}

/** Reads `me` (cache-first) and keeps the localStorage `userData` copy in step with it. */
export function useMe(): MeState {
  const { data, loading, error } = useQuery(MeDocument, { fetchPolicy: 'cache-first' });
  const user = data?.me ?? null;

  useEffect(() => {
    // A failed request says nothing about the session: keep the copy until an answer arrives.
    if (loading || error) return;
    if (user) storeSessionUser(user);
    else clearSessionUser();
  }, [user, loading, error]);

  return { user, loading: loading && !data };
}
