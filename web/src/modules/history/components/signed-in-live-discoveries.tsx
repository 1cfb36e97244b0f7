import { useDiscoveryAddedSubscription } from '../hooks/use-discovery-added-subscription';

/** The subscription of LiveDiscoveries, in its own chunk (Paris dates, history cache writes). */
export default function SignedInLiveDiscoveries() {
  useDiscoveryAddedSubscription();
  return null;
}
