/**
 * What this browser can do with Web Push: `supported`; `ios-install` (Safari on iPhone/iPad offers
 * push only to an app opened from the home screen); `unsupported` (no service worker, PushManager or
 * Notification).
 */
export type PushSupport = 'supported' | 'ios-install' | 'unsupported';

/** The parts of `window` the detection reads (a parameter, so that tests can describe any device). */
export interface PushEnvironment {
  navigator: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> & { serviceWorker?: unknown; standalone?: boolean };
  matchMedia?: (query: string) => { matches: boolean };
  PushManager?: unknown;
  Notification?: unknown;
}

/** iPhone, iPod, or an iPad (which reads "Macintosh" since iPadOS 13, but has a touch screen). */
export function isIosDevice(env: PushEnvironment): boolean {
  const ua = env.navigator.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && env.navigator.maxTouchPoints > 1);
}

/** Opened from the home screen (or installed): display-mode standalone, or Safari's own flag. */
export function isStandalone(env: PushEnvironment): boolean {
  return env.navigator.standalone === true || Boolean(env.matchMedia?.('(display-mode: standalone)').matches);
}

/** Whether this browser can receive alerts, and if not, why. */
export function detectPushSupport(env: PushEnvironment = window as unknown as PushEnvironment): PushSupport {
  if (isIosDevice(env) && !isStandalone(env)) return 'ios-install';
  const able = Boolean(env.navigator.serviceWorker) && Boolean(env.PushManager) && Boolean(env.Notification);
  return able ? 'supported' : 'unsupported';
}

/** A VAPID public key (base64url, as the server gives it) as the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = `${value}${'='.repeat((4 - (value.length % 4)) % 4)}`.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this key (a key change on the server needs a new subscription). */
export function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options?.applicationServerKey;
  if (!current) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/** `PushSubscription.toJSON()` as the subscribePush input (the browser types its fields as optional). */
export function toSubscriptionInput(json: PushSubscriptionJSON) {
  const { endpoint, expirationTime, keys } = json;
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('Abonnement aux notifications incomplet');
  return { endpoint, expirationTime: expirationTime ?? null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/**
 * Sign-out: this device stops receiving the account's alerts. Its push subscription is removed from the account
 * (while the session still holds) and from the browser. Never fails: signing out must not depend on it.
 */
export async function releasePushDevice(removeFromAccount: (endpoint: string) => Promise<unknown>): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    if (!subscription) return;
    await removeFromAccount(subscription.endpoint).catch(() => undefined);
    await subscription.unsubscribe();
  } catch (error) {
    console.error("Erreur lors du retrait de l'abonnement aux notifications", error);
  }
}
