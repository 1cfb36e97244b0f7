import { useMutation } from '@apollo/client/react';
import type { TLogin } from '@flaneur/schema';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../../components/toaster/use-toast';
import { LoginDocument, MeDocument } from '../../../gql/graphql';
import { loginErrorMessage } from '../lib/auth-error-messages';
import { postLoginPath } from '../lib/post-login-path';
import { storeSessionUser } from '../lib/session-user';

/**
 * Signs in: puts the user in the cache (`me`) and in localStorage, toasts, then returns to the stored
 * post-login path (else /). Resolves false on failure, after the destructive toast.
 */
export function useLoginMutation() {
  const [mutate, { loading }] = useMutation(LoginDocument);
  const navigate = useNavigate();
  const location = useLocation();

  const login = async (input: TLogin): Promise<boolean> => {
    try {
      const { data } = await mutate({
        variables: { input },
        update: (cache, { data: result }) => {
          if (result) cache.writeQuery({ query: MeDocument, data: { me: result.login } });
        },
      });
      if (!data) throw new Error('Réponse vide');
      storeSessionUser(data.login);
      toast({ title: 'Connexion réussie', description: `Bienvenue, ${data.login.username} !`, key: 'login' });
      navigate(postLoginPath(location), { replace: true });
      return true;
    } catch (error) {
      toast({
        title: 'Échec de la connexion',
        description: loginErrorMessage(error),
        variant: 'destructive',
        key: 'login',
      });
      return false;
    }
  };

  return { login, loading };
}
