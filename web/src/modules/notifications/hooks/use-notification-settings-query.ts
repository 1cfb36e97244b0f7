import { useQuery } from '@apollo/client/react';
import { NotificationSettingsDocument } from '../../../gql/graphql';
import { useMe } from '../../auth/hooks/use-me';

/** The signed-in user's alert settings (Paramètres → Notifications); skipped while signed out. */
export function useNotificationSettingsQuery() {
  const { user } = useMe();
  return useQuery(NotificationSettingsDocument, { skip: !user });
}
