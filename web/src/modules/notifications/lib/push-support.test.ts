import { base64UrlToBytes, detectPushSupport, type PushEnvironment } from './push-support';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile Safari';
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15';

function env(userAgent: string, extra: Partial<PushEnvironment> & { standalone?: boolean; touch?: number } = {}) {
  return {
    navigator: { userAgent, maxTouchPoints: extra.touch ?? 0, serviceWorker: {}, standalone: extra.standalone },
    PushManager: 'PushManager' in extra ? extra.PushManager : class {},
    Notification: class {},
    matchMedia: () => ({ matches: false }),
  } as PushEnvironment;
}

describe('push support', () => {
  it('should be supported with a service worker, PushManager and Notification', () => {
    expect(detectPushSupport(env(ANDROID))).toBe('supported');
    expect(detectPushSupport(env(ANDROID, { PushManager: undefined }))).toBe('unsupported');
  });

  it('should ask iPhone and iPad Safari users to add the app to the home screen first', () => {
    expect(detectPushSupport(env(IPHONE, { PushManager: undefined }))).toBe('ios-install');
    expect(detectPushSupport(env(IPAD, { touch: 5 }))).toBe('ios-install');
    expect(detectPushSupport(env(IPHONE, { standalone: true }))).toBe('supported');
    // A Mac without a touch screen is not an iPad.
    expect(detectPushSupport(env(IPAD))).toBe('supported');
  });

  it('should decode a base64url VAPID key', () => {
    expect(Array.from(base64UrlToBytes('BAEC'))).toEqual([4, 1, 2]);
    expect(Array.from(base64UrlToBytes('-_8'))).toEqual([251, 255]);
  });
});
