import { useEffect } from 'react';
import { toast } from '../../../components/toaster/use-toast';
import { onFlushOccasion } from '../lib/flush-triggers';
import { locationTracker } from '../lib/location-tracking';
import { useMe } from '../../auth/hooks/use-me';
import { useLocationTracking } from '../hooks/use-location-tracking';
import { useReportLocationMutation } from '../hooks/use-report-location-mutation';
import { useReportLocationsMutation } from '../hooks/use-report-locations-mutation';
import { TrackingExplanationDialog } from './tracking-explanation-dialog';
import { TrackingIndicator } from './tracking-indicator';
import '../tracking.css';

const INDICATOR_SPACE = '--tracking-indicator-space';

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

  useEffect(() => {
    locationTracker.setBatchReporter(reportBatch);
    return () => locationTracker.setBatchReporter(null);
  }, [reportBatch]);

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
      <TrackingExplanationDialog
        open={tracking.status === 'explaining'}
        onAccept={locationTracker.confirmExplanation}
        onCancel={locationTracker.cancelExplanation}
      />
      {shown && <TrackingIndicator status={tracking.status} onStop={stopWithUndo} />}
    </>
  );
}
