import { useMutation } from '@apollo/client/react';
import { serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { RespondToVisitRequestDocument, type ReceivedVisitRequestFragment } from '../../../gql/graphql';

/** The visit an owner proposes when approving: its start (ISO instant) and length in minutes. */
export interface VisitProposal {
  proposedAt: string;
  slotMinutes: number;
}

/**
 * The owner approves (proposing a visit slot) or rejects a pending visit request: the new status shows at once
 * (optimistic), and reverts with an error toast if the server refuses.
 */
export function useRespondToVisitRequestMutation() {
  const [mutate] = useMutation(RespondToVisitRequestDocument);

  const respond = async (
    request: ReceivedVisitRequestFragment,
    approve: boolean,
    proposal: VisitProposal | null = null,
  ): Promise<boolean> => {
    try {
      await mutate({
        variables: { id: request.id, approve, ...proposal },
        optimisticResponse: {
          respondToVisitRequest: {
            ...request,
            ...proposal,
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
