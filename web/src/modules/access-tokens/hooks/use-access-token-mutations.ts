import { useMutation } from '@apollo/client/react';
import type { TCreateAccessToken } from '@flaneur/schema';
import { fieldErrors, serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { AccessTokensDocument, CreateAccessTokenDocument, RevokeAccessTokenDocument } from '../../../gql/graphql';

/** Creates a token; the new one heads the cached list. Answers its secret (shown once) or the field errors. */
export function useCreateAccessTokenMutation() {
  const [mutate] = useMutation(CreateAccessTokenDocument);

  const createToken = async (
    input: TCreateAccessToken,
  ): Promise<{ ok: true; token: string } | { ok: false; fields: Record<string, string> }> => {
    try {
      const { data } = await mutate({
        variables: { input },
        update: (cache, { data: created }) => {
          const row = created?.createAccessToken.accessToken;
          if (!row) return;
          cache.updateQuery({ query: AccessTokensDocument }, (current) =>
            current ? { accessTokens: [row, ...current.accessTokens] } : current,
          );
        },
      });
      return { ok: true, token: data!.createAccessToken.token };
    } catch (error) {
      const fields = fieldErrors(error);
      if (!Object.keys(fields).length)
        toast({
          title: 'Erreur',
          description: serverMessage(error) ?? 'Impossible de créer le jeton. Veuillez réessayer.',
          variant: 'destructive',
        });
      return { ok: false, fields };
    }
  };

  return { createToken };
}

/** Revokes a token: it leaves the cached list at once. */
export function useRevokeAccessTokenMutation() {
  const [mutate, { loading }] = useMutation(RevokeAccessTokenDocument);

  const revokeToken = async (id: string): Promise<boolean> => {
    try {
      await mutate({
        variables: { id },
        update: (cache) => {
          cache.evict({ id: cache.identify({ __typename: 'AccessToken', id }) });
          cache.gc();
        },
      });
      toast({ title: 'Jeton révoqué', description: 'Il est refusé dès maintenant.' });
      return true;
    } catch (error) {
      toast({
        title: 'Erreur',
        description: serverMessage(error) ?? 'Impossible de révoquer le jeton. Veuillez réessayer.',
        variant: 'destructive',
      });
      return false;
    }
  };

  return { revokeToken, loading };
}
