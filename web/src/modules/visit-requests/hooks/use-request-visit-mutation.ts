import { useMutation } from '@apollo/client/react';
import { serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { MyVisitRequestDocument, RequestVisitDocument } from '../../../gql/graphql';
import { VISIT_MESSAGES as TEXT } from '../lib/visit-messages';

/**
 * « Demander une visite »: sends the request (message optional), writes it as the listing's own request
 * in the cache (the page shows « Demande envoyée » at once) and toasts; an error toast carries the server's text.
 */
export function useRequestVisitMutation() {
  const [mutate, { loading }] = useMutation(RequestVisitDocument);

  const requestVisit = async (propertyId: string, message: string): Promise<boolean> => {
    try {
      await mutate({
        variables: { propertyId, message: message.trim() || null },
        update: (cache, { data }) => {
          const request = data?.requestVisit;
          if (!request) return;
          cache.writeQuery({
            query: MyVisitRequestDocument,
            variables: { propertyId },
            data: { myVisitRequest: request },
          });
        },
      });
      toast(TEXT.sent);
      return true;
    } catch (error) {
      toast({ title: 'Erreur', description: serverMessage(error) ?? TEXT.failed, variant: 'destructive' });
      return false;
    }
  };

  return { requestVisit, sending: loading };
}
