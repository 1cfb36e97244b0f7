import { Link } from 'react-router-dom';
import type { SessionUserFragment } from '../../../gql/graphql';

/** « File de modération » on the own profile, for a moderator only (the route answers 404 to anyone else). */
export function ModerationLink({ user }: { user: Pick<SessionUserFragment, 'role'> }) {
  if (user.role !== 'moderator') return null;
  return (
    <Link to="/moderation" className="button button--secondary">
      File de modération
    </Link>
  );
}
