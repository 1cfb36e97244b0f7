/** A browser with (or without) Web Push for jsdom: Notification, PushManager and navigator.serviceWorker. */

export const TEST_ENDPOINT = 'https://push.example.test/send/abc123';
/** An uncompressed P-256 key (65 bytes, base64url) and a 16-byte auth secret, as toJSON() gives them. */
export const TEST_KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };

interface PushBrowserOptions {
  /** Notification.permission before anything is asked. */
  permission?: NotificationPermission;
  /** What the permission prompt answers. */
  answer?: NotificationPermission;
  /** This device is already subscribed. */
  subscribed?: boolean;
}

/** A fake subscription whose toJSON() is what the browser would send. */
export function fakeSubscription(endpoint = TEST_ENDPOINT) {
  return {
    endpoint,
    options: { applicationServerKey: null, userVisibleOnly: true },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { ...TEST_KEYS } }),
    unsubscribe: jest.fn(async () => true),
  };
}

/** Installs a push-capable browser; `uninstallPushBrowser()` removes it. */
export function installPushBrowser({
  permission = 'default',
  answer = 'granted',
  subscribed = false,
}: PushBrowserOptions = {}) {
  const subscription = fakeSubscription();
  const pushManager = {
    getSubscription: jest.fn(async () => (subscribed ? subscription : null)),
    subscribe: jest.fn(async () => {
      subscribed = true;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = Object.assign(new EventTarget(), {
    getRegistration: jest.fn(async () => registration),
    register: jest.fn(async () => registration),
    ready: Promise.resolve(registration),
  });
  const requestPermission = jest.fn(async () => {
    FakeNotification.permission = answer;
    return answer;
  });
  class FakeNotification {
    static permission: NotificationPermission = permission;
    static requestPermission = requestPermission;
  }
  Object.defineProperty(window, 'Notification', { configurable: true, writable: true, value: FakeNotification });
  Object.defineProperty(window, 'PushManager', { configurable: true, writable: true, value: class PushManager {} });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  return { requestPermission, pushManager, subscription, serviceWorker };
}

/** Puts jsdom back as it is: no Notification, no PushManager, no service worker, its own user agent. */
export function uninstallPushBrowser(): void {
  for (const name of ['Notification', 'PushManager'] as const)
    delete (window as unknown as Record<string, unknown>)[name];
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
  delete (navigator as unknown as Record<string, unknown>).userAgent;
  delete (navigator as unknown as Record<string, unknown>).maxTouchPoints;
}

/** Makes the browser an iPhone's Safari (not opened from the home screen). */
export function pretendIphoneSafari(): void {
  Object.defineProperty(navigator, 'userAgent', {
    configurable: true,
    value:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
}
