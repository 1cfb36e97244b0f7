import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { hasErrorCode } from '../../../apollo/graphql-errors';
import { Spinner } from '../../../components/spinner';
import { LoadError } from '../../../components/load-error';
import { StatusMessage } from '../../../components/status-message';
import { PublicProfileDocument } from '../../../gql/graphql';
import { formatParis } from '../../../lib/format';
import { ProfileHeader } from './profile-header';

/** Another user's public view: name, @username, "Propriétaire" badge, bio. */
export function PublicProfile({ username }: { username: string }) {
  const { data, loading, error, refetch } = useQuery(PublicProfileDocument, {
    variables: { username },
    notifyOnNetworkStatusChange: true,
  });

  if (loading) return <Spinner label="Chargement du profil…" />;
  if (error && hasErrorCode(error, 'NOT_FOUND')) {
    return (
      <StatusMessage
        tone="error"
        title="Utilisateur non trouvé"
        text="Cet utilisateur n'existe pas."
        action={
          <Link to="/" className="button button--primary">
            Retour à l'accueil
          </Link>
        }
      />
    );
  }
  if (error || !data) {
    return (
      <LoadError
        title="Impossible de charger ce profil"
        text="Une erreur est survenue lors du chargement du profil."
        onRetry={refetch}
      />
    );
  }

  const { user } = data;
  const since = formatParis(user.createdAt, 'MMMM yyyy');
  return (
    <>
      <ProfileHeader user={user} meta={since ? `Membre depuis ${since}` : undefined} />
      <section className="card profile-bio" aria-labelledby="public-bio-title">
        <h2 id="public-bio-title" className="card__title">
          Bio
        </h2>
        <p>{user.bio || <span className="profile-details__empty">Aucune bio pour le moment.</span>}</p>
      </section>
    </>
  );
}
