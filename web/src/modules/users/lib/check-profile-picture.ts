import { LIMITS, MSG, PROFILE_PICTURE_TYPES } from '@flaneur/schema';

/** Why a picked profile picture is refused before upload, as a toast's title and text. */
export interface PictureProblem {
  title: string;
  description: string;
}

/** Client checks: JPEG, PNG, GIF or WebP only; 5 MB at most. Null when the file is fine. */
export function checkProfilePicture(file: File): PictureProblem | null {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) {
    return { title: MSG.imageTypeUnsupported, description: MSG.imageTypeUnsupportedHint };
  }
  if (file.size > LIMITS.profilePictureMaxBytes) {
    return { title: MSG.fileTooLarge, description: 'La taille maximale est de 5 Mo.' };
  }
  return null;
}
