import { useMutation } from '@apollo/client/react';
import { LIMITS } from '@flaneur/schema';
import { useCallback, useState } from 'react';
import { serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import { VerifyOnSiteDocument } from '../../../gql/graphql';
import { GEOLOCATION_UNSUPPORTED, positionErrorMessage } from '../../../lib/geolocation';

/** One precise position of the device, taken now (high accuracy, no cached position). */
function currentFix(): Promise<{ latitude: number; longitude: number; accuracy: number }> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new Error(GEOLOCATION_UNSUPPORTED));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy }),
      (error) => reject(new Error(`Erreur: ${positionErrorMessage(error)}`)),
      { enableHighAccuracy: true, timeout: LIMITS.positionTimeoutMs, maximumAge: 0 },
    );
  });
}

/** Whether the browser already granted the position (then no explanation is needed before asking). */
export async function positionAlreadyGranted(): Promise<boolean> {
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' });
    return status?.state === 'granted';
  } catch {
    return false;
  }
}

/**
 * « Je suis devant le bien »: takes one precise fix of the device and sends it; the gateway marks the listing
 * « Vérifié sur place » (the cached listing updates by id) or answers why not, shown in a toast.
 */
export function useVerifyOnSite(propertyId: string) {
  const [mutate] = useMutation(VerifyOnSiteDocument);
  const [busy, setBusy] = useState(false);

  const verify = useCallback(async (): Promise<boolean> => {
    setBusy(true);
    try {
      let fix;
      try {
        fix = await currentFix();
      } catch (error) {
        toast({
          title: 'Position indisponible',
          description: error instanceof Error ? error.message : String(error),
          variant: 'destructive',
        });
        return false;
      }
      try {
        await mutate({ variables: { propertyId, ...fix } });
        toast({ title: 'Annonce vérifiée sur place' });
        return true;
      } catch (error) {
        toast({
          title: 'Vérification impossible',
          description: serverMessage(error) ?? 'Une erreur est survenue. Réessayez.',
          variant: 'destructive',
        });
        return false;
      }
    } finally {
      setBusy(false);
    }
  }, [mutate, propertyId]);

  return { verify, busy };
}
