import { useApolloClient, useMutation } from '@apollo/client/react';
import { MSG } from '@flaneur/schema';
import { useNavigate } from 'react-router-dom';
import { fieldErrors, hasErrorCode, serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { DeleteAccountDocument } from '../../../gql/graphql';
import { clearSessionUser } from '../../auth/lib/session-user';
import { forgetKeptFixes, stopLocationTracking } from '../../discovery/lib/location-tracking';

/** The outcome of a deletion attempt; `passwordError` is the message to show under the password field. */
export type DeleteAccountResult = { ok: true } | { ok: false; passwordError?: string };

/**
 * Deletes the account (the server asks the password again), then does what a logout does on this device
 * (userData removed, tracking off, store reset) and goes to /auth with a toast.
 */
export function useDeleteAccountMutation() {
  const [mutate, { loading }] = useMutation(DeleteAccountDocument);
  const client = useApolloClient();
  const navigate = useNavigate();

  const deleteAccount = async (password: string): Promise<DeleteAccountResult> => {
    try {
      await mutate({ variables: { password } });
    } catch (error) {
      const passwordError = fieldErrors(error).password;
      if (passwordError || hasErrorCode(error, 'UNAUTHENTICATED'))
        return { ok: false, passwordError: passwordError ?? serverMessage(error) };
      toast({
        title: 'Erreur',
        description: serverMessage(error) ?? 'Impossible de supprimer le compte. Veuillez réessayer.',
        variant: 'destructive',
      });
      return { ok: false };
    }
    clearSessionUser();
    stopLocationTracking();
    // Fixes kept offline are this user's positions: they do not outlive the session on this device.
    void forgetKeptFixes();
    await client.resetStore().catch(() => undefined);
    toast({ title: 'Compte supprimé', description: MSG.accountDeleted });
    navigate('/auth', { replace: true });
    return { ok: true };
  };

  return { deleteAccount, loading };
}
