import { PageHeader } from '../components/page-header';
import { useMe } from '../modules/auth/hooks/use-me';
import { QuickTiles } from '../modules/dashboard/components/quick-tiles';
import { TodayCard } from '../modules/dashboard/components/today-card';
import { WelcomeBanner } from '../modules/dashboard/components/welcome-banner';

/** /dashboard: open to everyone; the welcome banner only when signed in. */
export default function DashboardPage() {
  const { user } = useMe();

  return (
    <>
      <PageHeader title="Accueil" />
      <div className="page dashboard">
        {user && <WelcomeBanner user={user} />}
        <TodayCard />
        <QuickTiles />
      </div>
    </>
  );
}
