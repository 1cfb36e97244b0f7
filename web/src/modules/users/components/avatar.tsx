import { displayName, type NamedUser } from '../../../lib/display-name';
import './avatar.css';

interface AvatarProps {
  user: NamedUser & { profilePicture?: string | null };
  size?: 'small' | 'large';
}

/** A user's picture, or their initials on a coloured disc; decorative (the name is shown beside it). */
export function Avatar({ user, size = 'small' }: AvatarProps) {
  const className = `avatar avatar--${size}`;
  if (user.profilePicture) {
    return <img className={className} src={user.profilePicture} alt="" width="48" height="48" />;
  }
  const initials = displayName(user)
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <span className={className} aria-hidden="true">
      {initials}
    </span>
  );
}
