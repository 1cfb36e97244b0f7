import { useEffect } from 'react';
import { toast } from '../../../components/toaster/use-toast';
import { locationTracker } from '../lib/location-tracking';
import { useMe } from '../../auth/hooks/use-me';
import { useLocationTracking } from '../hooks/use-location-tracking';
import { useReportLocationMutation } from '../hooks/use-report-location-mutation';
import { TrackingExplanationDialog } from './tracking-explanation-dialog';
import { TrackingIndicator } from './tracking-indicator';
import '../tracking.css';

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
        toast({ title: 'Suivi de position désactivé', description: message, variant: 'destructive' }),
      ),
    [],
  );

  useEffect(() => {
    if (!loading && user) locationTracker.resume();
  }, [loading, user]);

  return (
    <>
      <TrackingExplanationDialog
        open={tracking.status === 'explaining'}
        onAccept={locationTracker.confirmExplanation}
        onCancel={locationTracker.cancelExplanation}
      />
      {tracking.running && <TrackingIndicator status={tracking.status} onStop={tracking.stop} />}
    </>
  );
}
