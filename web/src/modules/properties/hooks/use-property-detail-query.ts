import { useQuery } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { PropertyDetailDocument } from '../../../gql/graphql';
import { useMe } from '../../auth/hooks/use-me';
import { useRecordViewMutation } from './use-record-view-mutation';

/** One listing (public); records the view once it has loaded when signed in. */
export function usePropertyDetailQuery(id: string) {
  const result = useQuery(PropertyDetailDocument, { variables: { id }, skip: !id });
  const { user } = useMe();
  const recordView = useRecordViewMutation();
  const recorded = useRef<string | null>(null);
  const property = result.data?.property;

  useEffect(() => {
    if (!user || !property) return;
    const key = `${user.id}:${property.id}`;
    if (recorded.current === key) return;
    recorded.current = key;
    void recordView(property);
  }, [user, property, recordView]);

  return result;
}
