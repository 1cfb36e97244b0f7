import { useSubscription } from '@apollo/client/react';
import { toast } from '../../../components/toaster/use-toast';
import {
  MyVisitRequestDocument,
  ReceivedVisitRequestsDocument,
  VisitRequestChangedDocument,
} from '../../../gql/graphql';
import { formatVisitSlot } from '../../../lib/format';
import { useMe } from '../../auth/hooks/use-me';
import { VISIT_MESSAGES as TEXT } from '../lib/visit-messages';
import { reportSubscriptionError } from '../../../apollo/subscription-errors';

/**
 * Live visit requests (visitRequestChanged, to the signed-in user only): a new request on one of the user's
 * listings joins « Demandes de visite »; an answer to the user's own request becomes the listing's state.
 * The request itself is normalized by id, so every screen showing it follows.
 */
export function useVisitRequestChangedSubscription(): void {
  const { user } = useMe();
  useSubscription(VisitRequestChangedDocument, {
    skip: !user,
    onData: ({ client, data }) => {
      const request = data.data?.visitRequestChanged;
      if (!request || !user) return;
      const { cache } = client;
      if (request.requesterId === user.id) {
        cache.writeQuery({
          query: MyVisitRequestDocument,
          variables: { propertyId: request.propertyId },
          data: { myVisitRequest: request },
        });
        if (request.status === 'approved')
          toast({ title: TEXT.approved, description: formatVisitSlot(request.proposedAt, request.slotMinutes ?? 0) });
        else if (request.status === 'rejected') toast({ title: TEXT.rejected });
        return;
      }
      cache.updateQuery({ query: ReceivedVisitRequestsDocument }, (existing) => {
        if (!existing || existing.visitRequests.asOwner.some((r) => r.id === request.id)) return existing;
        const { requesterId: _requesterId, ...row } = request;
        return {
          ...existing,
          visitRequests: { ...existing.visitRequests, asOwner: [row, ...existing.visitRequests.asOwner] },
        };
      });
      if (request.status === 'pending')
        toast({ title: TEXT.received, description: request.property?.title ?? undefined });
    },
    onError: (error) => reportSubscriptionError('aux demandes de visite', error),
  });
}
