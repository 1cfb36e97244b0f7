import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { uploadProgressContext } from '../../../apollo/upload-progress';
import { toast } from '../../../components/toaster/use-toast';
import { UploadPropertyImagesDocument } from '../../../gql/graphql';

/**
 * Uploads listing photos in one multipart request, exposing its progress (0 to 1, null when idle);
 * toasts "Images téléchargées" or the failure. Resolves the new URLs, or null on failure.
 */
export function useUploadPropertyImagesMutation() {
  const [mutate] = useMutation(UploadPropertyImagesDocument);
  const [progress, setProgress] = useState<number | null>(null);

  const uploadImages = async (files: File[]): Promise<string[] | null> => {
    setProgress(0);
    try {
      const { data } = await mutate({ variables: { files }, context: uploadProgressContext(setProgress) });
      const urls = data?.uploadPropertyImages ?? [];
      toast({ title: 'Images téléchargées', description: `${urls.length} image(s) téléchargée(s) avec succès.` });
      return urls;
    } catch {
      toast({
        title: 'Erreur',
        description: 'Impossible de télécharger les images. Veuillez réessayer.',
        variant: 'destructive',
      });
      return null;
    } finally {
      setProgress(null);
    }
  };

  return { uploadImages, progress, uploading: progress !== null };
}
