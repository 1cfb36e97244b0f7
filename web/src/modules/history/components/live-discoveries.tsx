import { lazy, Suspense } from 'react';
import { useMe } from '../../auth/hooks/use-me';

// Its code loads once someone is signed in: a signed-out first visit does not download it.
const SignedInLiveDiscoveries = lazy(() => import('./signed-in-live-discoveries'));

/**
 * Mounted once in the shell: while signed in, discoveries arrive on every screen (a listing, the map,
 * Paramètres…) and land in the cached Découvertes, today's list and the counts. Keyed by user, so a
 * new sign-in opens a new subscription.
 */
export function LiveDiscoveries() {
  const { user } = useMe();
  return user ? (
    <Suspense fallback={null}>
      <SignedInLiveDiscoveries key={user.id} />
    </Suspense>
  ) : null;
}
