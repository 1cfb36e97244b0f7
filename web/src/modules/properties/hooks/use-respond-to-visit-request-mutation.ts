import { useMutation } from '@apollo/client/react';
import { serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { RespondToVisitRequestDocument, type ReceivedVisitRequestFragment } from '../../../gql/graphql';

/**
 * The owner approves or rejects a pending visit request: the new status shows at once
 * (optimistic), and reverts with an error toast if the server refuses.
 */
export function useRespondToVisitRequestMutation() {
  const [mutate] = useMutation(RespondToVisitRequestDocument);

  const respond = async (request: ReceivedVisitRequestFragment, approve: boolean): Promise<boolean> => {
    try {
      await mutate({
        variables: { id: request.id, approve },
        optimisticResponse: {
          respondToVisitRequest: {
            ...request,
            status: approve ? 'approved' : 'rejected',
            updatedAt: new Date().toISOString(),
          },
        },
      });
      toast({ title: approve ? 'Demande de visite acceptée' : 'Demande de visite refusée' });
      return true;
    } catch (error) {
      toast({
        title: 'Erreur',
        description: serverMessage(error) ?? 'Impossible de répondre à cette demande de visite. Veuillez réessayer.',
        variant: 'destructive',
      });
      return false;
    }
  };

  return { respond };
}
