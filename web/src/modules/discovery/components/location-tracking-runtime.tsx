import { MSG } from '@flaneur/schema';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { toast } from '../../../components/toaster/use-toast';
import { onFlushOccasion } from '../lib/flush-triggers';
import { locationTracker } from '../lib/location-tracking';
import { useMe } from '../../auth/hooks/use-me';
import { useLocationTracking } from '../hooks/use-location-tracking';
import { useReportLocationMutation } from '../hooks/use-report-location-mutation';
import { useReportLocationsMutation } from '../hooks/use-report-locations-mutation';
import { TrackingIndicator } from './tracking-indicator';
import type { FixReport } from '../lib/fix-delivery';
import '../tracking.css';

const INDICATOR_SPACE = '--tracking-indicator-space';

// The one-time explanation (and its criteria hooks) loads only when it is shown: it stays out of every first load.
const TrackingExplanation = lazy(() =>
  import('./tracking-explanation').then((m) => ({ default: m.TrackingExplanation })),
);

/** Stopping from the indicator asks nothing: the toast offers to undo it. */
function stopWithUndo(): void {
  locationTracker.stop();
  toast({
    title: 'Suivi de position arrêté',
    description: 'La découverte en marchant est désactivée.',
    key: 'location-tracking',
    action: { label: 'Annuler', onClick: () => locationTracker.start() },
  });
}

const counted = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** What a replay of kept fixes did, told once it is answered. */
function toastReplay(fixes: number, discovered: number): void {
  const discoveries =
    discovered === 0
      ? 'aucune nouvelle découverte'
      : counted(discovered, 'nouvelle découverte', 'nouvelles découvertes');
  toast({
    title: MSG.fixesReplayedTitle,
    description: MSG.fixesReplayed
      .replace('{fixes}', counted(fixes, 'position', 'positions'))
      .replace('{discoveries}', discoveries),
    key: 'fix-replay',
  });
}

/**
 * Mounted once in the shell: sends each fix through reportLocation and replays those kept offline
 * through reportLocations (at start, back online, visible again, app resumed), resumes tracking at
 * start when it was left on (once a user is known), toasts failures, shows the explanation and the
 * indicator.
 */
export function LocationTrackingRuntime() {
  const { user, loading } = useMe();
  const report = useReportLocationMutation();
  const reportBatch = useReportLocationsMutation();
  const tracking = useLocationTracking();

  useEffect(() => {
    locationTracker.setReporter(report);
    return () => locationTracker.setReporter(null);
  }, [report]);

  const replay = useCallback(
    async (fixes: FixReport[]) => {
      const report = await reportBatch(fixes);
      if (report) toastReplay(fixes.length, report.discovered);
      return report;
    },
    [reportBatch],
  );
  useEffect(() => {
    locationTracker.setBatchReporter(replay);
    return () => locationTracker.setBatchReporter(null);
  }, [replay]);

  useEffect(() => {
    const sync = () => locationTracker.setOnline(navigator.onLine !== false);
    sync();
    window.addEventListener('online', sync);
    window.addEventListener('offline', sync);
    return () => {
      window.removeEventListener('online', sync);
      window.removeEventListener('offline', sync);
    };
  }, []);

  const userId = user?.id ?? null;
  useEffect(() => {
    if (!userId) return;
    const flush = () => void locationTracker.flushBacklog();
    flush();
    return onFlushOccasion(flush);
  }, [userId]);

  useEffect(
    () =>
      locationTracker.onError((message) =>
        toast({
          title: 'Suivi de position désactivé',
          description: message,
          variant: 'destructive',
          key: 'location-tracking',
        }),
      ),
    [],
  );

  useEffect(() => {
    if (!loading && user) locationTracker.resume();
  }, [loading, user]);

  // While the indicator shows, every screen keeps its height free at the bottom (padding, sticky bars).
  const shown = tracking.running;
  useEffect(() => {
    if (!shown) return;
    const root = document.documentElement.style;
    root.setProperty(INDICATOR_SPACE, 'calc(var(--tracking-indicator-height) + 2 * var(--space-2))');
    return () => {
      root.removeProperty(INDICATOR_SPACE);
    };
  }, [shown]);

  return (
    <>
      {tracking.status === 'explaining' && (
        <Suspense fallback={null}>
          <TrackingExplanation />
        </Suspense>
      )}
      {shown && (
        <TrackingIndicator
          status={tracking.status}
          online={tracking.online}
          kept={tracking.kept}
          onStop={stopWithUndo}
        />
      )}
    </>
  );
}
