import { useMutation } from '@apollo/client/react';
import type { ReportReason, ReportTargetType } from '@flaneur/schema';
import { CreateReportDocument } from '../../../gql/graphql';
import { moderationErrorMessage } from '../lib/moderation-errors';

export interface ReportRequest {
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  comment: string;
}

/** Sends a report; resolves null on success, else the French reason it failed (already reported, throttled…). */
export function useCreateReportMutation() {
  const [mutate, { loading }] = useMutation(CreateReportDocument);
  const report = async ({ comment, ...request }: ReportRequest): Promise<string | null> => {
    try {
      await mutate({ variables: { input: { ...request, comment: comment.trim() || null } } });
      return null;
    } catch (error) {
      return moderationErrorMessage(error);
    }
  };
  return { report, sending: loading };
}
