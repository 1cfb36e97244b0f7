import { useMutation } from '@apollo/client/react';
import { serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { UploadTenantFileDocument } from '../../../gql/graphql';

/** The handle of an uploaded document, to pass to createTenantFile. */
export interface UploadedDocument {
  fileUrl: string;
  originalName: string;
}

/**
 * Step 1 of adding a document: uploads the file (checked by content on the server). Resolves its
 * handle, or null after the "Erreur de téléchargement" toast.
 */
export function useUploadTenantFileMutation(failureTitle?: string) {
  const [mutate, { loading }] = useMutation(UploadTenantFileDocument);

  const uploadFile = async (file: File): Promise<UploadedDocument | null> => {
    try {
      const { data } = await mutate({ variables: { file } });
      if (!data) throw new Error('Réponse vide');
      return data.uploadTenantFile;
    } catch (error) {
      toast(
        failureTitle
          ? { title: failureTitle, description: serverMessage(error), variant: 'destructive' }
          : {
              title: 'Erreur de téléchargement',
              description: serverMessage(error) ?? "Une erreur s'est produite lors du téléchargement du fichier",
              variant: 'destructive',
            },
      );
      return null;
    }
  };

  return { uploadFile, uploading: loading };
}
