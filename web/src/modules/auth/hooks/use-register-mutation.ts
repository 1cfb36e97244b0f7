import { useMutation } from '@apollo/client/react';
import type { ZRegister } from '@flaneur/schema';
import type { z } from 'zod';
import { useLocation, useNavigate } from 'react-router-dom';
import { fieldErrors } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { MeDocument, RegisterDocument } from '../../../gql/graphql';
import { useAdoptGuestFilters } from '../../preferences/hooks/use-adopt-guest-filters';
import { registerErrorMessage } from '../lib/auth-error-messages';
import { postLoginPath } from '../lib/post-login-path';
import { storeSessionUser } from '../lib/session-user';

/** The registration form's parsed values (trimmed, empty optional fields as null). */
export type RegisterValues = z.output<typeof ZRegister>;

/** The outcome of a registration; `fields` holds the server's per-field messages, if any. */
export type RegisterResult = { ok: true } | { ok: false; fields: Record<string, string> };

/**
 * Creates the account (the server signs it in): caches `me`, stores userData, saves the criteria chosen while
 * signed out to it, toasts, then goes to
 * the stored post-login path (else /).
 */
export function useRegisterMutation() {
  const [mutate, { loading }] = useMutation(RegisterDocument);
  const navigate = useNavigate();
  const location = useLocation();
  const adoptGuestFilters = useAdoptGuestFilters();

  const registerUser = async (input: RegisterValues): Promise<RegisterResult> => {
    try {
      const { data } = await mutate({
        variables: { input },
        update: (cache, { data: result }) => {
          if (result) cache.writeQuery({ query: MeDocument, data: { me: result.register } });
        },
      });
      if (!data) throw new Error('Réponse vide');
      storeSessionUser(data.register);
      await adoptGuestFilters(data.register.id);
      toast({ title: 'Inscription réussie', description: 'Votre compte a été créé avec succès' });
      navigate(postLoginPath(location.state), { replace: true });
      return { ok: true };
    } catch (error) {
      toast({ title: "Échec de l'inscription", description: registerErrorMessage(error), variant: 'destructive' });
      return { ok: false, fields: fieldErrors(error) };
    }
  };

  return { registerUser, loading };
}
