import { useMutation } from '@apollo/client/react';
import { ContestModerationActionDocument } from '../../../gql/graphql';
import { moderationErrorMessage } from '../lib/moderation-errors';

/** The owner contests a decision (the answer updates the cached decision). Null on success, else the French error. */
export function useContestModerationActionMutation() {
  const [mutate, { loading }] = useMutation(ContestModerationActionDocument);
  const contest = async (id: string, message: string): Promise<string | null> => {
    try {
      await mutate({ variables: { id, message: message.trim() } });
      return null;
    } catch (error) {
      return moderationErrorMessage(error);
    }
  };
  return { contest, sending: loading };
}
