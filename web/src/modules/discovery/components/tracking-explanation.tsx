import { DISCOVERY_WALK_RADIUS_KM, LIMITS } from '@flaneur/schema';
import { useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { useSavePreferencesMutation } from '../../preferences/hooks/use-save-preferences-mutation';
import { useSearchFilters } from '../../preferences/hooks/use-search-filters';
import { locationTracker } from '../lib/location-tracking';
import { TrackingExplanationDialog } from './tracking-explanation-dialog';

/**
 * The one-time explanation before tracking starts. While the criteria still hold the default radius (never chosen),
 * it offers the walking radius, taken unless unticked: saved before the first fix, so turning tracking on adds what
 * is at hand rather than every match of the neighbourhood (docs/decisions.md « Walking radius »).
 */
export function TrackingExplanation() {
  const { filters } = useSearchFilters();
  const { savePreferences } = useSavePreferencesMutation();
  const [narrow, setNarrow] = useState(true);
  const offered = filters.radius === LIMITS.radiusKm.default && filters.radius > DISCOVERY_WALK_RADIUS_KM;

  const accept = async () => {
    if (offered && narrow) await savePreferences({ ...filters, radius: DISCOVERY_WALK_RADIUS_KM });
    locationTracker.confirmExplanation();
  };

  return (
    <TrackingExplanationDialog
      open
      onAccept={() => void accept()}
      onCancel={locationTracker.cancelExplanation}
      radiusOffer={
        offered
          ? {
              radius: `${formatNumber(DISCOVERY_WALK_RADIUS_KM * 1000)} m`,
              saved: `${formatNumber(filters.radius)} km`,
            }
          : null
      }
      narrow={narrow}
      onNarrowChange={setNarrow}
    />
  );
}
