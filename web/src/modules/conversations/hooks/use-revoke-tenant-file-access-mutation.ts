import { useMutation } from '@apollo/client/react';
import { serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { RevokeTenantFileAccessDocument } from '../../../gql/graphql';
import { markFileRevoked } from '../lib/revoked-files';

/**
 * Ends the other participant's access to a document sent in this conversation; on success the cached thread
 * shows it revoked at once (as the server's revokedFileIds will). Resolves whether it was revoked.
 */
export function useRevokeTenantFileAccessMutation(conversationId: string) {
  const [mutate, { loading }] = useMutation(RevokeTenantFileAccessDocument);

  const revoke = async (fileId: string, participantName: string): Promise<boolean> => {
    try {
      await mutate({
        variables: { conversationId, fileId },
        update: (cache, { data }) => {
          if (data?.revokeTenantFileAccess) markFileRevoked(cache, conversationId, fileId);
        },
      });
      toast({ title: 'Accès révoqué', description: `${participantName} ne peut plus consulter ce document.` });
      return true;
    } catch (error) {
      toast({
        title: 'Erreur',
        description: serverMessage(error) ?? "Impossible de révoquer l'accès à ce document. Veuillez réessayer.",
        variant: 'destructive',
      });
      return false;
    }
  };

  return { revoke, revoking: loading };
}
