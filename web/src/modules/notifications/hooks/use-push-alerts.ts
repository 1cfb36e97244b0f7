import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/toaster/use-toast';
import { PushPublicKeyDocument } from '../../../gql/graphql';
import { base64UrlToBytes, detectPushSupport, sameKey, type PushSupport } from '../lib/push-support';
import { usePushSubscriptionMutations } from './use-push-subscription-mutations';

/**
 * This device's alerts: `on` (subscribed), `off`, `denied` (refused by the browser), `unsupported`,
 * `ios-install` (Safari on iPhone/iPad outside the home-screen app), and the steps in between:
 * `checking` (reading the current subscription), `explaining` (the explanation is shown, the
 * permission not asked yet), `subscribing`, `unsubscribing`.
 */
export type PushAlertsStatus =
  | Exclude<PushSupport, 'supported'>
  | 'denied'
  | 'checking'
  | 'on'
  | 'off'
  | 'explaining'
  | 'subscribing'
  | 'unsubscribing';

type Step = 'explaining' | 'subscribing' | 'unsubscribing';

const ENABLE_FAILED = "Impossible d'activer les notifications sur cet appareil. Veuillez réessayer.";
const DISABLE_FAILED = 'Impossible de désactiver les notifications sur cet appareil. Veuillez réessayer.';

/** The app's service worker registration; registered here if the page has none yet (development). */
async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (!existing) await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * The push subscription of this device. The browser's permission is asked only by `confirm()`, the
 * explanation's button (a click): `enable()` shows the explanation first unless it was granted before.
 */
export function usePushAlerts() {
  const client = useApolloClient();
  const { saveSubscription, forgetSubscription } = usePushSubscriptionMutations();
  const [support] = useState(() => detectPushSupport());
  const [permission, setPermission] = useState<NotificationPermission>(() =>
    support === 'supported' ? Notification.permission : 'default',
  );
  const [subscribed, setSubscribed] = useState<boolean | null>(support === 'supported' ? null : false);
  const [step, setStep] = useState<Step | null>(null);
  const pending = useRef<((subscribed: boolean) => void) | null>(null);
  const save = useRef(saveSubscription);
  useEffect(() => {
    save.current = saveSubscription;
  });

  // Is this device subscribed already? Asks nothing; the server's copy is refreshed (it may have
  // dropped an expired endpoint, or the device was last used by another account).
  useEffect(() => {
    if (support !== 'supported') return;
    let live = true;
    void (async () => {
      const subscription = Notification.permission === 'granted' ? await currentSubscription().catch(() => null) : null;
      if (!live) return;
      setSubscribed(Boolean(subscription));
      if (subscription) await save.current(subscription).catch((error: unknown) => console.error(error));
    })();
    return () => {
      live = false;
    };
  }, [support]);

  const subscribe = async (): Promise<boolean> => {
    setStep('subscribing');
    try {
      const registration = await serviceWorkerRegistration();
      const { data } = await client.query({ query: PushPublicKeyDocument });
      if (!data) throw new Error('pushPublicKey');
      const key = base64UrlToBytes(data.pushPublicKey);
      let subscription = await registration.pushManager.getSubscription();
      if (subscription && !sameKey(subscription, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      await saveSubscription(subscription);
      setSubscribed(true);
      return true;
    } catch (error) {
      console.error('Abonnement aux notifications impossible', error);
      toast({ title: 'Erreur', description: ENABLE_FAILED, variant: 'destructive' });
      return false;
    } finally {
      setStep(null);
    }
  };

  /** Subscribes this device; resolves with whether it is subscribed (after the explanation if needed). */
  const enable = (): Promise<boolean> => {
    if (support !== 'supported' || step) return Promise.resolve(false);
    const now = Notification.permission;
    setPermission(now);
    if (now === 'denied') return Promise.resolve(false);
    if (now === 'granted') return subscribe();
    return new Promise((resolve) => {
      pending.current = resolve;
      setStep('explaining');
    });
  };

  /** The explanation's « Continuer »: asks the browser's permission (within this click), then subscribes. */
  const confirm = async (): Promise<void> => {
    const resolve = pending.current ?? (() => undefined);
    pending.current = null;
    setStep('subscribing');
    const answer = await Notification.requestPermission().catch((): NotificationPermission => 'default');
    setPermission(answer);
    if (answer !== 'granted') {
      setStep(null);
      if (answer === 'default')
        toast({ title: 'Notifications non autorisées', description: "Vous pourrez les activer plus tard d'ici." });
      return resolve(false);
    }
    resolve(await subscribe());
  };

  /** The explanation's « Plus tard »: nothing is asked. */
  const cancel = (): void => {
    pending.current?.(false);
    pending.current = null;
    setStep(null);
  };

  /** Ends this device's subscription, in the browser and on the server. */
  const disable = async (): Promise<boolean> => {
    if (support !== 'supported' || step) return false;
    setStep('unsubscribing');
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        const { endpoint } = subscription;
        await subscription.unsubscribe();
        // The browser no longer accepts pushes for it; the server would drop it at its next refusal anyway.
        await forgetSubscription(endpoint).catch((error: unknown) => console.error(error));
      }
      setSubscribed(false);
      return true;
    } catch (error) {
      console.error('Désabonnement des notifications impossible', error);
      toast({ title: 'Erreur', description: DISABLE_FAILED, variant: 'destructive' });
      return false;
    } finally {
      setStep(null);
    }
  };

  const status: PushAlertsStatus =
    support !== 'supported'
      ? support
      : permission === 'denied'
        ? 'denied'
        : (step ?? (subscribed === null ? 'checking' : subscribed ? 'on' : 'off'));

  return { status, subscribed: subscribed === true, busy: step !== null, enable, confirm, cancel, disable };
}
