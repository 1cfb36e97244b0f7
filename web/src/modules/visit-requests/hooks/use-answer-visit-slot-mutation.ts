import { useMutation } from '@apollo/client/react';
import { WALK_MSG } from '@flaneur/schema';
import { useState } from 'react';
import { serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { AnswerVisitSlotDocument } from '../../../gql/graphql';

/**
 * The requester confirms or declines the slot the owner proposed: the request is normalized by id, so the dashboard's
 * list and the listing's card both follow the answer; a refusal by the server is toasted with its French message.
 */
export function useAnswerVisitSlotMutation() {
  const [mutate] = useMutation(AnswerVisitSlotDocument);
  const [busy, setBusy] = useState(false);

  const answer = async (id: string, confirm: boolean): Promise<boolean> => {
    setBusy(true);
    try {
      await mutate({ variables: { id, confirm } });
      toast({ title: confirm ? WALK_MSG.visitSlotConfirmed : WALK_MSG.visitSlotDeclined });
      return true;
    } catch (error) {
      toast({
        title: 'Erreur',
        description: serverMessage(error) ?? WALK_MSG.visitSlotAnswerFailed,
        variant: 'destructive',
      });
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { answer, busy };
}
