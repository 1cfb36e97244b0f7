import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import {
  startPushService,
  type FakeDevice,
  type PushService,
  type ReceivedPush,
} from '../../gateway/test/push-service';
import { baseUrl } from './browser';

export { startPushService, type FakeDevice, type PushService, type ReceivedPush };

/** A notification the app's service worker shows. */
export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  url: string | undefined;
}

/**
 * Chromium here cannot reach a real push service (no network): the context's PushManager hands out the subscription
 * of `device`, a device of the journey's local push service (gateway/test/push-service.ts), instead of asking
 * Google's. Everything else is the app's own path: the permission, the switch, `subscribePush`, the gateway's
 * encrypted push to the endpoint, and (with `deliverTo`) the service worker showing it.
 */
export async function usePushDevice(context: BrowserContext, device: FakeDevice): Promise<void> {
  await context.addInitScript((subscription) => {
    const key = 'e2e-push-subscribed';
    const fake = {
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { applicationServerKey: null, userVisibleOnly: true },
      toJSON: () => subscription,
      unsubscribe: async () => {
        localStorage.removeItem(key);
        return true;
      },
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem(key) === subscription.endpoint ? fake : null) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem(key, subscription.endpoint);
      return fake as unknown as PushSubscription;
    };
  }, device.subscription);
}

/** The notifications the app's service worker shows now (registration.getNotifications()). */
export async function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
    }));
  });
}

/** Waits until the service worker shows a notification with this title. */
export async function waitForNotification(page: Page, title: string): Promise<ShownNotification> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = (await shownNotifications(page)).find((n) => n.title === title);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`[e2e] no notification « ${title} » shown by the service worker`);
    await page.waitForTimeout(200);
  }
}

/**
 * The push service's last hop: the DevTools protocol hands a message to the page's service worker, as the browser's
 * push service would (docs: NOTES.md, Web Push in Chromium).
 */
export async function pushChannel(page: Page): Promise<{ cdp: CDPSession; deliver: (data: string) => Promise<void> }> {
  const origin = new URL(baseUrl()).origin;
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  let timer: NodeJS.Timeout | undefined;
  const id = await Promise.race([
    registrationId,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('[e2e] no service worker registration reported by CDP')), 15_000);
    }),
  ]).finally(() => clearTimeout(timer));
  return {
    cdp,
    deliver: async (data) => {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data });
    },
  };
}

/** Waits for the first push the device receives with this title (the gateway sends it through the outbox). */
export async function waitForPush(
  service: PushService,
  device: FakeDevice,
  title: string,
  ms = 15_000,
): Promise<ReceivedPush> {
  const find = () => device.received().find((p) => (p.data as { title?: string } | null)?.title === title);
  if (!(await service.until(() => find() !== undefined, ms)))
    throw new Error(
      `[e2e] no push « ${title} » received by the device (received: ${JSON.stringify(device.received().map((p) => p.text))})`,
    );
  return find()!;
}
