import { useMutation } from '@apollo/client/react';
import { MSG } from '@flaneur/schema';
import { toast } from '../../../components/toaster/use-toast';
import { ResetPasswordDocument } from '../../../gql/graphql';

/** Sets the new password from the link's token; resolves the server's message, or null on failure. */
export function useResetPasswordMutation() {
  const [mutate, { loading }] = useMutation(ResetPasswordDocument);

  const resetPassword = async (token: string, password: string): Promise<string | null> => {
    try {
      const { data } = await mutate({ variables: { input: { token, password } } });
      const message = data?.resetPassword ?? MSG.resetPasswordDone;
      toast({ title: 'Mot de passe réinitialisé', description: message });
      return message;
    } catch {
      toast({ title: 'Erreur', description: MSG.resetPasswordInvalid, variant: 'destructive' });
      return null;
    }
  };

  return { resetPassword, loading };
}
