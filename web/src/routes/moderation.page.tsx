import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { useMe } from '../modules/auth/hooks/use-me';
import { ModerationQueue } from '../modules/moderation/components/moderation-queue';
import NotFoundPage from './not-found.page';
import '../components/common.css';

/**
 * /moderation: the moderators' queue. Anyone else gets the not-found screen (the route's existence is no business of
 * theirs); the route guard sends signed-out visitors to /auth.
 */
export default function ModerationPage() {
  const { user } = useMe();
  if (!user) return <Spinner />;
  if (user.role !== 'moderator') return <NotFoundPage />;
  return (
    <>
      <PageHeader title="Modération" />
      <div className="page">
        <ModerationQueue />
      </div>
    </>
  );
}
