import { useApolloClient, useMutation } from '@apollo/client/react';
import { LIMITS, MSG } from '@flaneur/schema';
import { useNavigate } from 'react-router-dom';
import { serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { LogoutDocument, UnsubscribePushDocument } from '../../../gql/graphql';
import { forgetKeptFixes, stopLocationTracking } from '../../discovery/lib/location-tracking';
import { releasePushDevice } from '../../notifications/lib/push-support';
import { clearSessionUser } from '../lib/session-user';

/**
 * Signs out: takes this device's push subscription off the account (a shared phone must not keep receiving the
 * account's alerts), ends the session, resets the Apollo store, removes userData, turns location tracking off,
 * toasts, then goes to /auth after about 100 ms.
 */
export function useLogoutMutation() {
  const [mutate, { loading }] = useMutation(LogoutDocument);
  const [unsubscribePush] = useMutation(UnsubscribePushDocument);
  const client = useApolloClient();
  const navigate = useNavigate();

  const logout = async (): Promise<boolean> => {
    await releasePushDevice((endpoint) => unsubscribePush({ variables: { endpoint } }));
    try {
      await mutate();
    } catch (error) {
      toast({
        title: 'Échec de la déconnexion',
        description: serverMessage(error) ?? 'Une erreur est survenue lors de la déconnexion',
        variant: 'destructive',
      });
      return false;
    }
    clearSessionUser();
    stopLocationTracking();
    // Fixes kept offline are this user's positions: they do not outlive the session on this device.
    void forgetKeptFixes();
    // Refetches the active queries (`me` answers null now); a failed refetch changes nothing here.
    await client.resetStore().catch(() => undefined);
    toast({ title: 'Déconnexion réussie', description: MSG.loggedOut });
    setTimeout(() => navigate('/auth', { replace: true }), LIMITS.logoutRedirectMs);
    return true;
  };

  return { logout, loading };
}
