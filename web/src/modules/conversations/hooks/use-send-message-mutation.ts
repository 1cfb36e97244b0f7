import { useMutation } from '@apollo/client/react';
import { hasErrorCode } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { SendMessageDocument } from '../../../gql/graphql';
import { useMe } from '../../auth/hooks/use-me';
import { appendMessage } from '../lib/append-message';

/**
 * Sends a message, with documents when some are selected (then a tenant_application). The answer
 * joins the thread in the cache; a failure toasts "Impossible d'envoyer votre message". Resolves whether it was sent.
 */
export function useSendMessageMutation(conversationId: string) {
  const [mutate, { loading }] = useMutation(SendMessageDocument);
  const { user } = useMe();
  const signedOut = () => {
    toast({ title: 'Erreur', description: 'Utilisateur non authentifié', variant: 'destructive' });
    return false;
  };

  const sendMessage = async (content: string, attachedFileIds: string[], shareDays = 30): Promise<boolean> => {
    if (!user) return signedOut();
    // "Envoi en cours": sending a tenant application (documents) is the step worth announcing.
    if (attachedFileIds.length > 0) toast({ title: 'Envoi en cours' });
    try {
      await mutate({
        variables: {
          conversationId,
          content: content.trim(),
          // Attachments only when documents are attached (the server derives the type).
          ...(attachedFileIds.length > 0 ? { attachedFileIds, shareDays } : {}),
        },
        update: (cache, { data }) => {
          if (data) appendMessage(cache, conversationId, data.sendMessage);
        },
      });
      return true;
    } catch (error) {
      // The session ended while the conversation was open.
      if (hasErrorCode(error, 'UNAUTHENTICATED')) return signedOut();
      toast({
        title: 'Erreur',
        description: "Impossible d'envoyer votre message. Veuillez réessayer.",
        variant: 'destructive',
      });
      return false;
    }
  };

  return { sendMessage, sending: loading };
}
