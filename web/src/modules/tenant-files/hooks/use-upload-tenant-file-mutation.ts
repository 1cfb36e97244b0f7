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
 * handle, or null after the SPEC §8 "Erreur de téléchargement" toast.
 */
export function useUploadTenantFileMutation() {
  const [mutate, { loading }] = useMutation(UploadTenantFileDocument);

  const uploadFile = async (file: File): Promise<UploadedDocument | null> => {
    try {
      const { data } = await mutate({ variables: { file } });
      if (!data) throw new Error('Réponse vide');
      return data.uploadTenantFile;
    } catch (error) {
      toast({
        title: 'Erreur de téléchargement',
        description: serverMessage(error) ?? "Une erreur s'est produite lors du téléchargement du fichier",
        variant: 'destructive',
      });
      return null;
    }
  };

  return { uploadFile, uploading: loading };
}
