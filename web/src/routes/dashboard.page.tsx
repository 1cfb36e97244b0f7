import { PageHeader } from '../components/page-header';
import { useMe } from '../modules/auth/hooks/use-me';
import { QuickTiles } from '../modules/dashboard/components/quick-tiles';
import { SimulateDiscoveryButton } from '../modules/dashboard/components/simulate-discovery-button';
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
            {todayKnown && todayItems.length === 0 && <SimulateDiscoveryButton />}
          </WelcomeBanner>
        )}
        {user && <TrackingToggle />}
        <SearchCriteriaCard />
        <TodayCard count={todayKnown ? todayItems.length : undefined} />
        <QuickTiles discoveriesCount={user ? allHistory.data?.history.length : undefined} unreadCount={unreadCount} />
        {user && <TodayDiscoveries items={todayItems} />}
      </div>
    </>
  );
}
