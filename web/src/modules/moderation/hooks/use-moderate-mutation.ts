import { useMutation } from '@apollo/client/react';
import type { ModerationActionKind, ModerationTargetType } from '@flaneur/schema';
import { ModerateDocument, ModerationQueueDocument } from '../../../gql/graphql';
import { moderationErrorMessage } from '../lib/moderation-errors';

export interface ModerationRequest {
  targetType: ModerationTargetType;
  targetId: string;
  action: ModerationActionKind;
  reason: string;
}

/** A moderator's decision; the queue is read again after it. Resolves null on success, else the French error. */
export function useModerateMutation() {
  const [mutate, { loading }] = useMutation(ModerateDocument, {
    refetchQueries: [ModerationQueueDocument],
    awaitRefetchQueries: true,
  });
  const moderate = async ({ reason, ...request }: ModerationRequest): Promise<string | null> => {
    try {
      await mutate({ variables: { input: { ...request, reason: reason.trim() } } });
      return null;
    } catch (error) {
      return moderationErrorMessage(error);
    }
  };
  return { moderate, acting: loading };
}
