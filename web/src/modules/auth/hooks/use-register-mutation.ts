import { MSG } from '@flaneur/schema';
import { useApolloClient, useMutation } from '@apollo/client/react';
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

/**
 * Where a new account lands: the stored post-login path when sign-up interrupted something, else « Ajouter un bien »
 * for whoever ticked « Je suis propriétaire… » (what the box is for), else home.
 */
function landingPath(isLandlord: boolean, location: { state: unknown; search: string }): string {
  const stored = postLoginPath(location);
  return stored === '/' && isLandlord ? '/add-property' : stored;
}

/** The outcome of a registration; `fields` holds the server's per-field messages, if any. */
export type RegisterResult = { ok: true } | { ok: false; fields: Record<string, string> };

/**
 * Creates the account (the server signs it in), saves the criteria chosen while signed out to it, then at once:
 * caches `me`, stores userData, toasts and goes to the stored post-login path (else « Ajouter un bien » for a declared
 * owner, else /). `me` enters the cache only then: the auth screen also moves signed-in visitors on, and a second
 * navigation arriving after the criteria transfer would land on a screen already left.
 */
export function useRegisterMutation() {
  const [mutate, { loading }] = useMutation(RegisterDocument);
  const client = useApolloClient();
  const navigate = useNavigate();
  const location = useLocation();
  const adoptGuestFilters = useAdoptGuestFilters();

  const registerUser = async (input: RegisterValues): Promise<RegisterResult> => {
    try {
      const { data } = await mutate({ variables: { input } });
      if (!data) throw new Error('Réponse vide');
      await adoptGuestFilters(data.register.id);
      const landing = landingPath(input.isLandlord, location);
      // The auth screen moves a signed-in visitor on to its state's path as soon as `me` is cached: name it there
      // first, rendered at once (a transition could let the screen read the state before it).
      if (landing !== postLoginPath(location)) {
        await navigate(location, { replace: true, state: { from: landing }, flushSync: true });
      }
      client.cache.writeQuery({ query: MeDocument, data: { me: data.register } });
      storeSessionUser(data.register);
      toast({ title: 'Inscription réussie', description: 'Votre compte a été créé avec succès' });
      toast({ title: 'E-mail de vérification envoyé', description: MSG.verificationMailSent });
      await navigate(landing, { replace: true });
      return { ok: true };
    } catch (error) {
      toast({ title: "Échec de l'inscription", description: registerErrorMessage(error), variant: 'destructive' });
      return { ok: false, fields: fieldErrors(error) };
    }
  };

  return { registerUser, loading };
}
