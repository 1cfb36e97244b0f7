import { useParams } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { useMe } from '../modules/auth/hooks/use-me';
import { OwnProfile } from '../modules/users/components/own-profile';
import { PublicProfile } from '../modules/users/components/public-profile';
import '../components/common.css';
import '../modules/users/users.css';

/**
 * /profile and /profile/{username}: the own profile, editable, or another user's public
 * view. The route guard sends signed-out visitors to /auth.
 */
export default function ProfilePage() {
  const { username } = useParams();
  const { user } = useMe();
  const own = !username || username === user?.username;

  return (
    <>
      <PageHeader title="Profil" />
      <div className="page">
        {!user ? <Spinner /> : own ? <OwnProfile user={user} /> : <PublicProfile username={username} />}
      </div>
    </>
  );
}
