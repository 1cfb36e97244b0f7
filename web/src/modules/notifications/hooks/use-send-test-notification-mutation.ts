import { useMutation } from '@apollo/client/react';
import { serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { SendTestNotificationDocument } from '../../../gql/graphql';

/** « Tester »: sends a test alert to every device of the user and says how many got it. */
export function useSendTestNotificationMutation() {
  const [mutate, { loading }] = useMutation(SendTestNotificationDocument);

  const sendTest = async (): Promise<number | null> => {
    try {
      const { data } = await mutate();
      const count = data?.sendTestNotification ?? 0;
      if (count === 0)
        toast({
          title: 'Aucun appareil abonné',
          description: 'Activez les alertes de passage ou de messages sur cet appareil, puis réessayez.',
        });
      else
        toast({
          title: 'Notification de test envoyée',
          description: count === 1 ? 'Envoyée à 1 appareil.' : `Envoyée à ${count} appareils.`,
        });
      return count;
    } catch (error) {
      toast({
        title: 'Erreur',
        description: serverMessage(error) ?? "Impossible d'envoyer la notification de test. Veuillez réessayer.",
        variant: 'destructive',
      });
      return null;
    }
  };

  return { sendTest, loading };
}
