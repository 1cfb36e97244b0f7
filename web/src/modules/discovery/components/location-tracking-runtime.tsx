import { useEffect } from 'react';
import { toast } from '../../../components/toaster/use-toast';
import { locationTracker } from '../lib/location-tracking';
import { useMe } from '../../auth/hooks/use-me';
import { useLocationTracking } from '../hooks/use-location-tracking';
import { useReportLocationMutation } from '../hooks/use-report-location-mutation';
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
 * Mounted once in the shell: sends each fix through reportLocation, resumes tracking at start when it
 * was left on (once a user is known), toasts failures, and shows the explanation and the indicator.
 */
export function LocationTrackingRuntime() {
  const { user, loading } = useMe();
  const report = useReportLocationMutation();
  const tracking = useLocationTracking();

  useEffect(() => {
    locationTracker.setReporter(report);
    return () => locationTracker.setReporter(null);
  }, [report]);

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
