import { useMutation } from '@apollo/client/react';
import type { TPropertyParsed } from '@flaneur/schema';
import { useNavigate } from 'react-router-dom';
import { fieldErrors, serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { UpdatePropertyDocument } from '../../../gql/graphql';
import { toPropertyInput } from '../lib/listing-form-values';
import type { SaveListingResult } from './use-create-property-mutation';

/**
 * Saves the changes to a listing (owner only). The answer is normalized by id, so every screen
 * showing it updates; then back to "Mes annonces".
 */
export function useUpdatePropertyMutation() {
  const [mutate, { loading }] = useMutation(UpdatePropertyDocument);
  const navigate = useNavigate();

  const updateProperty = async (id: string, values: TPropertyParsed): Promise<SaveListingResult> => {
    try {
      await mutate({ variables: { id, input: toPropertyInput(values) } });
      toast({ title: 'Bien immobilier modifié', description: 'Vos modifications ont été enregistrées.' });
      navigate('/my-properties');
      return { ok: true };
    } catch (error) {
      toast({
        title: 'Erreur',
        description: serverMessage(error) ?? 'Une erreur est survenue lors de la modification du bien.',
        variant: 'destructive',
      });
      return { ok: false, fields: fieldErrors(error) };
    }
  };

  return { updateProperty, loading };
}
