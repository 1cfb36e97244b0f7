import { useMutation } from '@apollo/client/react';
import type { TPropertyParsed } from '@flaneur/schema';
import { useNavigate } from 'react-router-dom';
import { fieldErrors } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { CreatePropertyDocument, ListingFieldsFragmentDoc } from '../../../gql/graphql';
import { toPropertyInput } from '../lib/listing-form-values';

/** The outcome of a save; `fields` holds the server's per-field messages. */
export type SaveListingResult = { ok: true } | { ok: false; fields: Record<string, string> };

/**
 * Publishes a listing ("Bien immobilier ajouté" or the failure toast): adds it to "Mes annonces" in the
 * cache, then opens the new listing (/property/{id}).
 */
export function useCreatePropertyMutation() {
  const [mutate, { loading }] = useMutation(CreatePropertyDocument);
  const navigate = useNavigate();

  const createProperty = async (values: TPropertyParsed): Promise<SaveListingResult> => {
    try {
      const { data: created } = await mutate({
        variables: { input: toPropertyInput(values) },
        update: (cache, { data }) => {
          if (!data) return;
          const ref = cache.writeFragment({
            fragment: ListingFieldsFragmentDoc,
            fragmentName: 'ListingFields',
            data: data.createProperty,
          });
          // Only a list already loaded is extended; otherwise "Mes annonces" loads it fresh.
          cache.modify({
            fields: { myProperties: (existing) => (Array.isArray(existing) && ref ? [ref, ...existing] : existing) },
          });
        },
      });
      toast({ title: 'Bien immobilier ajouté', description: 'Votre bien a été ajouté avec succès.' });
      // The owner lands on the new listing, as visitors will see it.
      navigate(created ? `/property/${created.createProperty.id}` : '/');
      return { ok: true };
    } catch (error) {
      toast({
        title: 'Erreur',
        description: "Une erreur est survenue lors de l'ajout du bien.",
        variant: 'destructive',
      });
      return { ok: false, fields: fieldErrors(error) };
    }
  };

  return { createProperty, loading };
}
