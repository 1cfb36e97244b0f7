import { useMutation } from '@apollo/client/react';
import { serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { UploadProfilePictureDocument } from '../../../gql/graphql';
import { checkProfilePicture } from '../lib/check-profile-picture';

/**
 * Replaces the profile picture: the client checks first (JPEG/PNG/GIF/WebP, 5 MB) with their toasts, then the
 * upload; the answer updates `me` in the cache.
 */
export function useUploadProfilePictureMutation() {
  const [mutate, { loading }] = useMutation(UploadProfilePictureDocument);

  const uploadPicture = async (file: File): Promise<boolean> => {
    const problem = checkProfilePicture(file);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return false;
    }
    try {
      await mutate({ variables: { file } });
      toast({ title: 'Photo de profil mise à jour' });
      return true;
    } catch (error) {
      toast({
        title: 'Erreur de téléchargement',
        description: serverMessage(error) ?? "Erreur lors du téléchargement de l'image",
        variant: 'destructive',
      });
      return false;
    }
  };

  return { uploadPicture, uploading: loading };
}
