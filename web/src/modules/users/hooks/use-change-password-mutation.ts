import { useMutation } from '@apollo/client/react';
import { MSG } from '@flaneur/schema';
import { fieldErrors, serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { ChangePasswordDocument } from '../../../gql/graphql';

/** The outcome of a change; `fields` holds the server's per-field messages (a wrong current password). */
export type ChangePasswordResult = { ok: true } | { ok: false; fields: Record<string, string> };

/**
 * Changes the password (Paramètres); the server ends the other sessions, keeps this one and revokes the access tokens
 * (the cached list of tokens goes with them).
 */
export function useChangePasswordMutation() {
  const [mutate, { loading }] = useMutation(ChangePasswordDocument);

  const changePassword = async (currentPassword: string, newPassword: string): Promise<ChangePasswordResult> => {
    try {
      await mutate({
        variables: { currentPassword, newPassword },
        update: (cache) => {
          cache.evict({ id: 'ROOT_QUERY', fieldName: 'accessTokens' });
          cache.gc();
        },
      });
      toast({
        title: 'Mot de passe modifié',
        description: `${MSG.passwordChanged} ${MSG.passwordChangedEffects}`,
      });
      return { ok: true };
    } catch (error) {
      toast({
        title: 'Erreur',
        description: serverMessage(error) ?? 'Impossible de modifier le mot de passe. Veuillez réessayer.',
        variant: 'destructive',
      });
      return { ok: false, fields: fieldErrors(error) };
    }
  };

  return { changePassword, loading };
}
