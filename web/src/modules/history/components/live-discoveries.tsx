import { useMe } from '../../auth/hooks/use-me';
import { useDiscoveryAddedSubscription } from '../hooks/use-discovery-added-subscription';

/**
 * Mounted once in the shell: while signed in, discoveries arrive on every screen (a listing, the map,
 * Paramètres…) and land in the cached Découvertes, today's list and the counts. Keyed by user, so a
 * new sign-in opens a new subscription.
 */
export function LiveDiscoveries() {
  const { user } = useMe();
  return user ? <SignedInLiveDiscoveries key={user.id} /> : null;
}

function SignedInLiveDiscoveries() {
  useDiscoveryAddedSubscription();
  return null;
}
