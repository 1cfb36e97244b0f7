import { useMutation } from '@apollo/client/react';
import type { TTenantFileParsed } from '@flaneur/schema';
import { fieldErrors, serverMessage } from '../../../apollo/graphql-errors';
import type { ToastInput } from '../../../components/toaster/toast-store';
import { toast } from '../../../components/toaster/use-toast';
import {
  CreateTenantFileDocument,
  TenantFileFieldsFragmentDoc,
  type TenantFileFieldsFragment,
} from '../../../gql/graphql';

/** The outcome of adding a document; `fields` holds the server's per-field messages. */
export type CreateDocumentResult =
  { ok: true; file: TenantFileFieldsFragment } | { ok: false; fields: Record<string, string> };

const ADDED: ToastInput = { title: 'Document ajouté', description: 'Votre document a été ajouté à votre dossier.' };

/**
 * Step 2 of adding a document: puts it at the top of the folder in the cache and toasts (the
 * caller may word the success, as the conversation dialog does).
 */
export function useCreateTenantFileMutation(success: ToastInput = ADDED, failureTitle?: string) {
  const [mutate, { loading }] = useMutation(CreateTenantFileDocument);

  const createFile = async (input: TTenantFileParsed): Promise<CreateDocumentResult> => {
    try {
      const { data } = await mutate({
        variables: { input },
        update: (cache, { data: result }) => {
          if (!result) return;
          const ref = cache.writeFragment({
            fragment: TenantFileFieldsFragmentDoc,
            fragmentName: 'TenantFileFields',
            data: result.createTenantFile,
          });
          cache.modify({
            fields: { tenantFiles: (existing) => (Array.isArray(existing) && ref ? [ref, ...existing] : existing) },
          });
        },
      });
      if (!data) throw new Error('Réponse vide');
      toast(success);
      return { ok: true, file: data.createTenantFile };
    } catch (error) {
      toast(
        failureTitle
          ? { title: failureTitle, description: serverMessage(error), variant: 'destructive' }
          : {
              title: 'Erreur',
              description: serverMessage(error) ?? "Une erreur s'est produite lors de l'ajout du document",
              variant: 'destructive',
            },
      );
      return { ok: false, fields: fieldErrors(error) };
    }
  };

  return { createFile, loading };
}
