import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { EmailVerifiedOutcome } from '../modules/auth/components/email-verified-outcome';
import { MessageNotifier } from '../modules/conversations/components/message-notifier';
import { LocationTrackingRuntime } from '../modules/discovery/components/location-tracking-runtime';
import { LiveDiscoveries } from '../modules/history/components/live-discoveries';
import { NotificationClickNavigator } from '../modules/notifications/components/notification-click-navigator';
import { BottomNav } from './bottom-nav';
import { ClientOnly, HydrationMark } from '../components/client-only';
import { ScrollToTop } from '../components/scroll-to-top';
import { ShellFooter } from '../components/shell-footer';
import { Spinner } from '../components/spinner';

/** Layout of every screen: the route's content (lazy, behind a spinner) and its footer above the bottom navigation. */
export function AppShell() {
  return (
    <div className="app-shell">
      <ScrollToTop />
      <EmailVerifiedOutcome />
      <a className="skip-link" href="#main">
        Aller au contenu
      </a>
      <main id="main" className="app-shell__main" tabIndex={-1}>
        <Suspense fallback={<Spinner screen />}>
          <Outlet />
          {/* Inside the screen's boundary: marked once the screen itself has hydrated, not the shell around it. */}
          <HydrationMark />
        </Suspense>
        <ShellFooter />
      </main>
      {/* The live parts (position, messages, discoveries, notification clicks) start in the browser, after hydration. */}
      <ClientOnly>
        <LocationTrackingRuntime />
        <MessageNotifier />
        <LiveDiscoveries />
        <NotificationClickNavigator />
      </ClientOnly>
      <BottomNav />
    </div>
  );
}
