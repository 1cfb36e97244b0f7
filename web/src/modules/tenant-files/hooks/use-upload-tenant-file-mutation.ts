import { useMutation } from '@apollo/client/react';
import { serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { UploadTenantFileDocument } from '../../../gql/graphql';

/** The handle of an uploaded document, to pass to createTenantFile. */
export interface UploadedDocument {
  fileUrl: string;
  originalName: string;
}

/** An upload's outcome: the handle, or the reason the file was refused (also toasted). */
export type UploadOutcome = { ok: true; file: UploadedDocument } | { ok: false; message: string };

const UPLOAD_FAILED = "Une erreur s'est produite lors du téléchargement du fichier";

/**
 * Step 1 of adding a document: uploads the file (checked by content on the server). Resolves its
 * handle, or the refusal after the "Erreur de téléchargement" toast.
 */
export function useUploadTenantFileMutation(failureTitle?: string) {
  const [mutate, { loading }] = useMutation(UploadTenantFileDocument);

  const uploadFile = async (file: File): Promise<UploadOutcome> => {
    try {
      const { data } = await mutate({ variables: { file } });
      if (!data) throw new Error('Réponse vide');
      return { ok: true, file: data.uploadTenantFile };
    } catch (error) {
      toast(
        failureTitle
          ? { title: failureTitle, description: serverMessage(error), variant: 'destructive' }
          : {
              title: 'Erreur de téléchargement',
              description: serverMessage(error) ?? UPLOAD_FAILED,
              variant: 'destructive',
            },
      );
      return { ok: false, message: serverMessage(error) ?? UPLOAD_FAILED };
    }
  };

  return { uploadFile, uploading: loading };
}
