import { useMutation } from '@apollo/client/react';
import { serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { SimulateDiscoveryDocument } from '../../../gql/graphql';
import { writeHistoryItem } from '../lib/history-cache';

/**
 * Simulates a discovery (a testing aid): the answer goes straight into the cached lists; the
 * discoveryAdded event that follows finds it there and changes nothing.
 */
export function useSimulateDiscoveryMutation() {
  const [mutate, { loading }] = useMutation(SimulateDiscoveryDocument);

  const simulateDiscovery = async (): Promise<boolean> => {
    try {
      await mutate({
        update: (cache, { data }) => {
          if (data) writeHistoryItem(cache, data.simulateDiscovery);
        },
      });
      return true;
    } catch (error) {
      toast({
        title: 'Erreur',
        description: serverMessage(error) ?? 'Impossible de simuler une découverte. Veuillez réessayer.',
        variant: 'destructive',
      });
      return false;
    }
  };

  return { simulateDiscovery, loading };
}
