import { useMutation } from '@apollo/client/react';
import { SubscribePushDocument, UnsubscribePushDocument } from '../../../gql/graphql';
import { toSubscriptionInput } from '../lib/push-support';

/**
 * Tells the server about this device's push subscription (subscribePush) or its end (unsubscribePush).
 * No cache consequence: the device list is not shown; errors go to the caller.
 */
export function usePushSubscriptionMutations() {
  const [subscribeMutation] = useMutation(SubscribePushDocument);
  const [unsubscribeMutation] = useMutation(UnsubscribePushDocument);

  const saveSubscription = async (subscription: PushSubscription): Promise<void> => {
    await subscribeMutation({ variables: { subscription: toSubscriptionInput(subscription.toJSON()) } });
  };
  const forgetSubscription = async (endpoint: string): Promise<void> => {
    await unsubscribeMutation({ variables: { endpoint } });
  };

  return { saveSubscription, forgetSubscription };
}
