import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { useMe } from '../modules/auth/hooks/use-me';
import { QuickTiles } from '../modules/dashboard/components/quick-tiles';
import { TodayCard } from '../modules/dashboard/components/today-card';
import { TodayDiscoveries } from '../modules/dashboard/components/today-discoveries';
import { WelcomeBanner } from '../modules/dashboard/components/welcome-banner';
import { useUnreadMessageCount } from '../modules/dashboard/hooks/use-unread-message-count';
import { useHistoryQuery } from '../modules/history/hooks/use-history-query';
import { useParisToday } from '../modules/history/hooks/use-today';
import { sortHistory } from '../modules/history/lib/history-view';
import { SearchCriteriaCard } from '../modules/preferences/components/search-criteria-card';
import { TrackingToggle } from '../modules/discovery/components/tracking-toggle';
import '../modules/dashboard/dashboard.css';

// A demo aid, asked of the server first (simulationEnabled): kept out of the first load.
const SimulateDiscoveryButton = lazy(() =>
  import('../modules/dashboard/components/simulate-discovery-button').then((m) => ({
    default: m.SimulateDiscoveryButton,
  })),
);

// « Référence d'un panneau »: kept out of the first load too.
const PanelRefCard = lazy(() =>
  import('../modules/dashboard/components/panel-ref-card').then((m) => ({ default: m.PanelRefCard })),
);

// « Mes demandes de visite »: only for those who sent one, kept out of the first load.
const MyVisitRequests = lazy(() =>
  import('../modules/visit-requests/components/my-visit-requests').then((m) => ({ default: m.MyVisitRequests })),
);

/** /dashboard: open to everyone; the personal parts when signed in, kept live (by the shell's LiveDiscoveries). */
export default function DashboardPage() {
  const { user } = useMe();
  const today = useParisToday();
  const todayHistory = useHistoryQuery(today);
  const allHistory = useHistoryQuery();
  const unreadCount = useUnreadMessageCount();

  const todayItems = sortHistory(todayHistory.data?.history ?? [], 'date-desc');
  const todayKnown = Boolean(user && todayHistory.data);

  return (
    <>
      <PageHeader title="Accueil" />
      <div className="page dashboard">
        {user && (
          <WelcomeBanner user={user}>
            {todayKnown && todayItems.length === 0 && (
              <Suspense fallback={null}>
                <SimulateDiscoveryButton />
              </Suspense>
            )}
          </WelcomeBanner>
        )}
        {user && <TrackingToggle />}
        {user && (
          <Suspense fallback={null}>
            <MyVisitRequests />
          </Suspense>
        )}
        <SearchCriteriaCard />
        <Link to="/explorer" className="button button--primary dashboard__explore">
          Explorer les biens
        </Link>
        <TodayCard count={todayKnown ? todayItems.length : undefined} />
        <QuickTiles discoveriesCount={user ? allHistory.data?.history.length : undefined} unreadCount={unreadCount} />
        <Suspense fallback={null}>
          <PanelRefCard />
        </Suspense>
        {user && <TodayDiscoveries items={todayItems} />}
      </div>
    </>
  );
}
