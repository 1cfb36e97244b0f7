import { PROFILE_PICTURE_TYPES } from '@flaneur/schema';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { displayName } from '../../../lib/display-name';
import { formatParis } from '../../../lib/format';
import { useUploadProfilePictureMutation } from '../hooks/use-upload-profile-picture-mutation';
import { Avatar } from './avatar';

interface ProfileHeaderProps {
  user: {
    username: string;
    firstName?: string | null;
    lastName?: string | null;
    profilePicture?: string | null;
    isLandlord: boolean;
    isVerified: boolean;
  };
  /** Own profile: the picture can be changed. */
  editable?: boolean;
  /** A line under the badges (last login, member since). */
  meta?: ReactNode;
}

/** Picture, name, @username and the "Propriétaire" / "Vérifié" badges of a profile. */
export function ProfileHeader({ user, editable = false, meta }: ProfileHeaderProps) {
  const id = useId();
  const { uploadPicture, uploading } = useUploadProfilePictureMutation();

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void uploadPicture(file);
  };

  return (
    <section className="card profile-header" aria-label="Profil">
      <div className="profile-header__picture">
        <Avatar user={user} size="large" />
        {editable && (
          <>
            <input
              id={`${id}-picture`}
              className="visually-hidden"
              type="file"
              accept={PROFILE_PICTURE_TYPES.join(',')}
              onChange={onFile}
              disabled={uploading}
            />
            <label htmlFor={`${id}-picture`} className="button button--ghost button--small profile-header__change">
              {uploading ? 'Envoi...' : 'Changer la photo'}
            </label>
          </>
        )}
      </div>
      <div className="profile-header__text">
        <h2 className="profile-header__name">{displayName(user)}</h2>
        <p className="profile-header__username">@{user.username}</p>
        {(user.isLandlord || user.isVerified) && (
          <p className="profile-header__badges">
            {user.isLandlord && <span className="badge">Propriétaire</span>}
            {user.isVerified && <span className="badge badge--success">Vérifié</span>}
          </p>
        )}
        {meta && <p className="profile-header__meta">{meta}</p>}
      </div>
    </section>
  );
}

/** "Dernière connexion : 3 mars 2025 à 14:05" in Paris time; nothing when the date is unreadable. */
export function lastLoginText(lastLoginAt: string | null | undefined): string {
  // Shown to the signed-in user only: without a recorded login, the current session is the login.
  if (!lastLoginAt) return 'Dernière connexion : maintenant';
  const when = formatParis(lastLoginAt, "d MMMM yyyy 'à' HH:mm");
  return when ? `Dernière connexion : ${when}` : '';
}
