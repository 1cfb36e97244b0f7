import { useMutation } from '@apollo/client/react';
import type { ZProfileUpdate } from '@flaneur/schema';
import type { z } from 'zod';
import { fieldErrors, hasErrorCode, serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { UpdateProfileDocument } from '../../../gql/graphql';
import { useMe } from '../../auth/hooks/use-me';

/** The edit form's parsed values. */
export type ProfileValues = Omit<z.output<typeof ZProfileUpdate>, 'currentPassword'> & { currentPassword?: string };

/** The outcome of a save; `fields` holds the server's per-field messages. */
export type UpdateProfileResult = { ok: true } | { ok: false; fields: Record<string, string> };

/**
 * Saves the own profile. The answer is the same `User` as `me` (normalized by id), so the header,
 * the navigation and userData follow at once.
 */
export function useUpdateProfileMutation() {
  const [mutate, { loading }] = useMutation(UpdateProfileDocument);
  const { user } = useMe();
  const unauthorized = (): UpdateProfileResult => {
    toast({ title: 'Erreur', description: 'Non autorisé', variant: 'destructive' });
    return { ok: false, fields: {} };
  };

  const updateProfile = async (input: ProfileValues): Promise<UpdateProfileResult> => {
    // Without a signed-in user (none known, or the server's session is over): "Non autorisé".
    if (!user) return unauthorized();
    try {
      await mutate({ variables: { input } });
      toast({ title: 'Profil mis à jour', description: 'Vos informations ont été enregistrées.' });
      return { ok: true };
    } catch (error) {
      if (hasErrorCode(error, 'UNAUTHENTICATED')) return unauthorized();
      toast({
        title: 'Erreur',
        description: serverMessage(error) ?? "Une erreur s'est produite lors de la mise à jour du profil.",
        variant: 'destructive',
      });
      return { ok: false, fields: fieldErrors(error) };
    }
  };

  return { updateProfile, loading };
}
