import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { hasErrorCode, serverMessage } from '../../../apollo/graphql-errors';
import { uploadProgressContext } from '../../../apollo/upload-progress';
import { toast } from '../../../components/toaster/use-toast';
import { UploadPropertyImagesDocument } from '../../../gql/graphql';

/** A picked file the server refused, with its reason. */
export interface RefusedPhoto {
  name: string;
  message: string;
}

/** What an upload of picked photos gave: the URLs of those stored, in order, and those refused. */
export interface PhotosUpload {
  urls: string[];
  refused: RefusedPhoto[];
}

/** The server's answers that refuse the file itself (type, size, dimensions), not the attempt. */
const REFUSALS = ['BAD_USER_INPUT', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'] as const;

/**
 * Uploads listing photos one request each, so that a refused file (not an image, too small, too large) is named and
 * the others kept, exposing the progress of the whole batch (0 to 1, null when idle); toasts "Images téléchargées" for
 * those stored. Resolves the URLs and the refused files, or null when an upload failed for another reason (network,
 * server), after the "Erreur" toast (the photos stored before it are kept).
 */
export function useUploadPropertyImagesMutation() {
  const [mutate] = useMutation(UploadPropertyImagesDocument);
  const [progress, setProgress] = useState<number | null>(null);

  const uploadImages = async (files: File[]): Promise<PhotosUpload | null> => {
    const result: PhotosUpload = { urls: [], refused: [] };
    setProgress(0);
    try {
      for (const [index, file] of files.entries()) {
        const onProgress = (fraction: number) => setProgress((index + fraction) / files.length);
        try {
          const { data } = await mutate({ variables: { files: [file] }, context: uploadProgressContext(onProgress) });
          result.urls.push(...(data?.uploadPropertyImages ?? []));
        } catch (error) {
          const message = serverMessage(error);
          if (!message || !REFUSALS.some((code) => hasErrorCode(error, code))) throw error;
          result.refused.push({ name: file.name, message });
        }
      }
      if (result.urls.length > 0)
        toast({
          title: 'Images téléchargées',
          description: `${result.urls.length} image(s) téléchargée(s) avec succès.`,
        });
      return result;
    } catch {
      toast({
        title: 'Erreur',
        description: 'Impossible de télécharger les images. Veuillez réessayer.',
        variant: 'destructive',
      });
      return result.urls.length > 0 ? result : null;
    } finally {
      setProgress(null);
    }
  };

  return { uploadImages, progress, uploading: progress !== null };
}
