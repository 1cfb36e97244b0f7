import { useMutation } from '@apollo/client/react';
import { MSG } from '@flaneur/schema';
import { toast } from '../../../components/toaster/use-toast';
import { ForgotPasswordDocument } from '../../../gql/graphql';

/** Asks for a reset link; resolves the server's French message, or null after the error toast. */
export function useForgotPasswordMutation() {
  const [mutate, { loading }] = useMutation(ForgotPasswordDocument);

  const requestReset = async (email: string): Promise<string | null> => {
    try {
      const { data } = await mutate({ variables: { email } });
      const message = data?.forgotPassword ?? MSG.forgotPasswordSent;
      toast({ title: 'Email envoyé', description: message });
      return message;
    } catch {
      toast({
        title: 'Erreur',
        description: "Une erreur est survenue lors de l'envoi de la demande. Veuillez réessayer.",
        variant: 'destructive',
      });
      return null;
    }
  };

  return { requestReset, loading };
}
