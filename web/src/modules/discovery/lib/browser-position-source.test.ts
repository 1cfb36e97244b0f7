import { createBrowserPositionSource, WATCH_OPTIONS } from './browser-position-source';
import type { PositionHandlers } from './position-source.types';

type Success = (position: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;

function installGeolocation() {
  let nextId = 1;
  const watches = new Map<number, { success: Success; failure: Failure }>();
  const geo = {
    watchPosition: jest.fn((success: Success, failure: Failure) => {
      const id = nextId++;
      watches.set(id, { success, failure });
      return id;
    }),
    clearWatch: jest.fn((id: number) => watches.delete(id)),
    fix: (coords: Partial<GeolocationCoordinates>, timestamp = 1_750_000_000_000) =>
      watches.forEach((w) => w.success({ coords, timestamp } as GeolocationPosition)),
    fail: (code: number) =>
      watches.forEach((w) => w.failure({ code, message: 'English text' } as GeolocationPositionError)),
    watches,
  };
  Object.defineProperty(navigator, 'geolocation', { value: geo, configurable: true });
  return geo;
}

describe('browser position source (watchPosition)', () => {
  let geo: ReturnType<typeof installGeolocation>;
  let handlers: { [K in keyof PositionHandlers]: jest.Mock };

  beforeEach(() => {
    geo = installGeolocation();
    handlers = { onFix: jest.fn(), onLost: jest.fn(), onFail: jest.fn() };
  });

  afterEach(() => jest.useRealTimers());

  it('should watch with the tracking options, keep the watch id, and hand fixes on', () => {
    const source = createBrowserPositionSource();

    source.start(handlers);
    geo.fix({ latitude: 48.85, longitude: 2.35, accuracy: 7 });
    geo.fix({ latitude: 48.86, longitude: 2.36 });

    expect(geo.watchPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), WATCH_OPTIONS);
    expect(window.localStorage.getItem('location_tracking_watch_id')).toBe('1');
    expect(handlers.onFix).toHaveBeenNthCalledWith(1, {
      latitude: 48.85,
      longitude: 2.35,
      accuracy: 7,
      timestamp: 1_750_000_000_000,
    });
    expect(handlers.onFix).toHaveBeenNthCalledWith(2, expect.objectContaining({ accuracy: 0 }));
  });

  it('should end on a refused permission, in French', () => {
    const source = createBrowserPositionSource();
    source.start(handlers);

    geo.fail(1);

    expect(handlers.onFail).toHaveBeenCalledWith('Erreur de suivi: autorisation de localisation refusée', 'denied');
    expect(handlers.onLost).not.toHaveBeenCalled();
  });

  it('should report a lost signal and re-arm after 2 s, then 4 s, back to 2 s after a fix', () => {
    jest.useFakeTimers();
    const source = createBrowserPositionSource();
    source.start(handlers);

    geo.fail(3);
    expect(handlers.onLost).toHaveBeenCalledWith("Erreur de suivi: délai d'attente dépassé");
    jest.advanceTimersByTime(2_000);
    expect(geo.watchPosition).toHaveBeenCalledTimes(2);
    expect(geo.clearWatch).toHaveBeenCalledWith(1);
    geo.fail(2);
    jest.advanceTimersByTime(3_999);
    expect(geo.watchPosition).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(1);
    expect(geo.watchPosition).toHaveBeenCalledTimes(3);

    geo.fix({ latitude: 1, longitude: 2, accuracy: 3 });
    geo.fail(2);
    jest.advanceTimersByTime(2_000);
    expect(geo.watchPosition).toHaveBeenCalledTimes(4);
  });

  it('should say it cannot start when watchPosition throws', () => {
    geo.watchPosition.mockImplementationOnce(() => {
      throw new Error('Contexte non sécurisé');
    });

    createBrowserPositionSource().start(handlers);

    expect(handlers.onFail).toHaveBeenCalledWith('Impossible de démarrer le suivi de position: Contexte non sécurisé');
  });

  it('should clear its watch on stop, and no retry fires afterwards', () => {
    jest.useFakeTimers();
    const source = createBrowserPositionSource();
    source.start(handlers);
    geo.fail(2);

    source.stop();
    jest.advanceTimersByTime(120_000);

    expect(geo.clearWatch).toHaveBeenCalledWith(1);
    expect(geo.watches.size).toBe(0);
    expect(geo.watchPosition).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('location_tracking_watch_id')).toBeNull();
  });

  it('should clear, on stop, a watch a previous page load left stored', () => {
    window.localStorage.setItem('location_tracking_watch_id', '12');

    createBrowserPositionSource().stop();

    expect(geo.clearWatch).toHaveBeenCalledWith(12);
  });

  it('should not be supported without navigator.geolocation', () => {
    Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });

    expect(createBrowserPositionSource().isSupported()).toBe(false);
  });
});
