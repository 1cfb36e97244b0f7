import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../components/placeholder-page';
import { LogoutButton } from '../modules/auth/components/logout-button';
import { useMe } from '../modules/auth/hooks/use-me';
import { displayName } from '../lib/display-name';

/** /profile and /profile/{username} — placeholder: whose profile, and logout on one's own. */
export default function ProfilePage() {
  const { username } = useParams();
  const { user } = useMe();
  const own = !username || username === user?.username;

  return (
    <PlaceholderPage title="Profil">
      {own && user ? (
        <div className="profile-summary">
          <p className="profile-summary__name">{displayName(user)}</p>
          <p className="profile-summary__username">@{user.username}</p>
          <LogoutButton />
        </div>
      ) : (
        <p className="profile-summary__username">@{username}</p>
      )}
    </PlaceholderPage>
  );
}
