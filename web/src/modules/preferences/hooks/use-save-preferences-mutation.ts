import { useMutation } from '@apollo/client/react';
import type { TSearchFilters } from '@flaneur/schema';
import { toast } from '../../../components/toaster/use-toast';
import { PreferencesDocument, SavePreferencesDocument } from '../../../gql/graphql';
import { useMe } from '../../auth/hooks/use-me';
import { fromServerFilters, storeFilters, storeGuestFilters } from '../lib/search-filters';

/** The preferences toasts (save failure, signed out), word for word. */
export const PREFERENCES_MESSAGES = {
  saveFailed: 'Impossible de sauvegarder vos préférences. Veuillez réessayer.',
  signedOut: { title: 'Connexion requise', description: 'Vous devez être connecté pour enregistrer vos préférences.' },
  keptOnDevice: {
    title: 'Critères gardés sur cet appareil',
    description: 'Ils seront enregistrés dans votre compte dès votre inscription.',
  },
  saved: { title: 'Critères enregistrés', description: 'Vos critères de recherche ont été enregistrés.' },
} as const;

/**
 * Saves the criteria on the server (savePreferences), then in the cache and in local storage; signed out,
 * keeps them on this device for the account created next.
 */
export function useSavePreferencesMutation() {
  const [mutate, { loading }] = useMutation(SavePreferencesDocument);
  const { user } = useMe();

  const savePreferences = async (filters: TSearchFilters): Promise<boolean> => {
    if (!user) {
      storeGuestFilters(filters);
      toast(PREFERENCES_MESSAGES.keptOnDevice);
      return true;
    }
    try {
      const { data } = await mutate({
        variables: { searchFilters: filters },
        update: (cache, { data: result }) => {
          if (result) cache.writeQuery({ query: PreferencesDocument, data: { preferences: result.savePreferences } });
        },
      });
      storeFilters(user.id, data ? fromServerFilters(data.savePreferences.searchFilters) : filters);
      toast(PREFERENCES_MESSAGES.saved);
      return true;
    } catch {
      toast({ title: 'Erreur', description: PREFERENCES_MESSAGES.saveFailed, variant: 'destructive' });
      return false;
    }
  };

  return { savePreferences, loading };
}
