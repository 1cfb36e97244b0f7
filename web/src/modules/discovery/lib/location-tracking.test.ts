import 'fake-indexeddb/auto';
import { fixDelivery } from './fix-delivery';
import { fixOutbox } from './fix-outbox';
import { locationTracker, stopLocationTracking, WATCH_OPTIONS } from './location-tracking';

type Success = (position: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;

/** A navigator.geolocation whose watches are driven by the test. */
function installFakeGeolocation() {
  let nextId = 41;
  const watches = new Map<number, { success: Success; failure: Failure }>();
  const geo = {
    watchPosition: jest.fn((success: Success, failure: Failure) => {
      const id = nextId++;
      watches.set(id, { success, failure });
      return id;
    }),
    clearWatch: jest.fn((id: number) => {
      watches.delete(id);
    }),
    getCurrentPosition: jest.fn(),
    fix(latitude: number, longitude: number, accuracy?: number) {
      const position = { coords: { latitude, longitude, accuracy }, timestamp: Date.UTC(2025, 5, 1, 10) };
      watches.forEach((w) => w.success(position as unknown as GeolocationPosition));
    },
    fail(code: number, message: string) {
      watches.forEach((w) => w.failure({ code, message } as GeolocationPositionError));
    },
    watches,
  };
  Object.defineProperty(navigator, 'geolocation', { value: geo, configurable: true });
  return geo;
}

function removeGeolocation() {
  Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
}

const signIn = () => window.localStorage.setItem('userData', JSON.stringify({ id: '1', username: 'marie' }));
const status = () => locationTracker.getSnapshot().status;

describe('location tracker', () => {
  let geo: ReturnType<typeof installFakeGeolocation>;

  beforeEach(async () => {
    locationTracker.reset();
    await fixOutbox.clear();
    geo = installFakeGeolocation();
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('should explain once before the browser asks for permission, then watch with the tracking options', () => {
    locationTracker.requestStart();

    expect(status()).toBe('explaining');
    expect(geo.watchPosition).not.toHaveBeenCalled();

    locationTracker.confirmExplanation();

    expect(status()).toBe('starting');
    expect(geo.watchPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: true,
      timeout: 10000,
      maximumAge: 0,
    });
    expect(WATCH_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 10000, maximumAge: 0 });
    expect(window.localStorage.getItem('location_tracking_enabled')).toBe('true');
    expect(window.localStorage.getItem('location_tracking_watch_id')).toBe('41');
    expect(window.localStorage.getItem('location_tracking_explained')).toBe('true');
  });

  it('should stay off when the explanation is dismissed', () => {
    locationTracker.requestStart();
    locationTracker.cancelExplanation();

    expect(status()).toBe('off');
    expect(geo.watchPosition).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('location_tracking_enabled')).toBeNull();
  });

  it('should start at once when the explanation was already read', () => {
    window.localStorage.setItem('location_tracking_explained', 'true');

    locationTracker.requestStart();

    expect(status()).toBe('starting');
    expect(geo.watchPosition).toHaveBeenCalledTimes(1);
  });

  it('should report each fix with its own client id, with accuracy 0 when missing, when a user is known', async () => {
    signIn();
    const report = jest.fn().mockResolvedValue(undefined);
    locationTracker.setReporter(report);
    locationTracker.start();

    geo.fix(48.85, 2.35, 12);
    geo.fix(48.86, 2.36);

    expect(status()).toBe('on');
    expect(locationTracker.getSnapshot().lastFix).toEqual(expect.objectContaining({ latitude: 48.86 }));
    await fixDelivery.idle();
    expect(report).toHaveBeenNthCalledWith(1, {
      clientId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      latitude: 48.85,
      longitude: 2.35,
      accuracy: 12,
      timestamp: '2025-06-01T10:00:00.000Z',
    });
    expect(report).toHaveBeenNthCalledWith(2, expect.objectContaining({ latitude: 48.86, accuracy: 0 }));
    expect(report.mock.calls[0][0].clientId).not.toBe(report.mock.calls[1][0].clientId);
  });

  it('should skip saving, keep nothing, and only log, when no user is identified', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const report = jest.fn().mockResolvedValue(undefined);
    locationTracker.setReporter(report);
    locationTracker.start();

    geo.fix(48.85, 2.35, 5);

    await fixDelivery.idle();
    expect(report).not.toHaveBeenCalled();
    expect(await fixOutbox.count()).toBe(0);
    expect(status()).toBe('on');
    expect(info).toHaveBeenCalledWith('Position non enregistrée : aucun utilisateur identifié');
  });

  it('should log a failed save and keep tracking', async () => {
    signIn();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    locationTracker.setReporter(jest.fn().mockRejectedValue(new Error('500')));
    locationTracker.start();

    geo.fix(48.85, 2.35, 5);
    await fixDelivery.idle();

    expect(error).toHaveBeenCalledWith("Erreur lors de l'enregistrement de la position", expect.any(Error));
    expect(status()).toBe('on');
  });

  it('should turn off, clear the watch and tell why in French when the watch fails', () => {
    const onError = jest.fn();
    const unsubscribe = locationTracker.onError(onError);
    locationTracker.start();

    geo.fail(1, 'User denied Geolocation');

    expect(status()).toBe('off');
    expect(locationTracker.getSnapshot().error).toBe('Erreur de suivi: autorisation de localisation refusée');
    expect(onError).toHaveBeenCalledWith('Erreur de suivi: autorisation de localisation refusée');
    expect(geo.clearWatch).toHaveBeenCalledWith(41);
    expect(window.localStorage.getItem('location_tracking_enabled')).toBe('false');
    expect(window.localStorage.getItem('location_tracking_watch_id')).toBeNull();
    unsubscribe();
  });

  it.each([
    [2, 'position indisponible'],
    [3, "délai d'attente dépassé"],
  ])(
    'should keep tracking on as « Signal GPS perdu » after error %i and re-arm the watch with a backoff',
    (code, reason) => {
      jest.useFakeTimers();
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const onError = jest.fn();
      const unsubscribe = locationTracker.onError(onError);
      locationTracker.start();
      geo.fix(48.85, 2.35, 5);

      geo.fail(code, 'Position unavailable');

      expect(status()).toBe('lost');
      expect(locationTracker.getSnapshot().error).toBe(`Erreur de suivi: ${reason}`);
      expect(onError).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledWith('Signal GPS perdu', `Erreur de suivi: ${reason}`);
      expect(window.localStorage.getItem('location_tracking_enabled')).toBe('true');

      // Re-armed after 2 s, then 4 s while the signal stays lost.
      jest.advanceTimersByTime(1_999);
      expect(geo.watchPosition).toHaveBeenCalledTimes(1);
      jest.advanceTimersByTime(1);
      expect(geo.watchPosition).toHaveBeenCalledTimes(2);
      expect(geo.clearWatch).toHaveBeenCalledWith(41);
      expect(window.localStorage.getItem('location_tracking_watch_id')).toBe('42');
      geo.fail(code, 'Position unavailable');
      jest.advanceTimersByTime(3_999);
      expect(geo.watchPosition).toHaveBeenCalledTimes(2);
      jest.advanceTimersByTime(1);
      expect(geo.watchPosition).toHaveBeenCalledTimes(3);

      // A fix brings it back on, and the next loss waits 2 s again.
      geo.fix(48.86, 2.36, 5);
      expect(status()).toBe('on');
      expect(locationTracker.getSnapshot().error).toBeNull();
      geo.fail(code, 'Position unavailable');
      jest.advanceTimersByTime(2_000);
      expect(geo.watchPosition).toHaveBeenCalledTimes(4);
      unsubscribe();
      jest.useRealTimers();
    },
  );

  it('should stop retrying when the user stops tracking while the signal is lost', () => {
    jest.useFakeTimers();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    locationTracker.start();
    geo.fail(2, 'Position unavailable');

    locationTracker.stop();
    jest.advanceTimersByTime(120_000);

    expect(status()).toBe('off');
    expect(geo.watchPosition).toHaveBeenCalledTimes(1);
    expect(geo.watches.size).toBe(0);
    jest.useRealTimers();
  });

  it('should turn off when the permission is refused after a lost signal', () => {
    jest.useFakeTimers();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    locationTracker.start();
    geo.fail(3, 'Timeout expired');
    jest.advanceTimersByTime(2_000);

    geo.fail(1, 'User denied Geolocation');
    jest.advanceTimersByTime(120_000);

    expect(status()).toBe('off');
    expect(geo.watchPosition).toHaveBeenCalledTimes(2);
    expect(window.localStorage.getItem('location_tracking_enabled')).toBe('false');
    jest.useRealTimers();
  });

  it('should report a watch that cannot start', () => {
    geo.watchPosition.mockImplementationOnce(() => {
      throw new Error('Contexte non sécurisé');
    });

    locationTracker.start();

    expect(status()).toBe('off');
    expect(locationTracker.getSnapshot().error).toBe(
      'Impossible de démarrer le suivi de position: Contexte non sécurisé',
    );
    expect(window.localStorage.getItem('location_tracking_enabled')).toBe('false');
  });

  it('should refuse to start when the browser has no geolocation', () => {
    removeGeolocation();

    locationTracker.requestStart();

    expect(status()).toBe('off');
    expect(locationTracker.isSupported()).toBe(false);
    expect(locationTracker.getSnapshot().error).toBe(
      "La géolocalisation n'est pas prise en charge par votre navigateur",
    );
  });

  it('should resume at start only when tracking was left on', () => {
    locationTracker.resume();
    expect(geo.watchPosition).not.toHaveBeenCalled();

    window.localStorage.setItem('location_tracking_enabled', 'true');
    locationTracker.resume();

    expect(status()).toBe('starting');
    expect(geo.watchPosition).toHaveBeenCalledTimes(1);
  });

  it('should stop: clear its watch, persist false, forget the id', () => {
    locationTracker.start();

    locationTracker.stop();

    expect(status()).toBe('off');
    expect(geo.clearWatch).toHaveBeenCalledWith(41);
    expect(geo.watches.size).toBe(0);
    expect(window.localStorage.getItem('location_tracking_enabled')).toBe('false');
    expect(window.localStorage.getItem('location_tracking_watch_id')).toBeNull();
  });
});

describe('stopLocationTracking', () => {
  const clearWatch = jest.fn();

  beforeEach(() => {
    locationTracker.reset();
    Object.defineProperty(navigator, 'geolocation', { value: { clearWatch }, configurable: true });
  });

  it('should turn tracking off and clear a numeric watch', () => {
    window.localStorage.setItem('location_tracking_enabled', 'true');
    window.localStorage.setItem('location_tracking_watch_id', '12');

    stopLocationTracking();

    expect(clearWatch).toHaveBeenCalledWith(12);
    expect(window.localStorage.getItem('location_tracking_enabled')).toBe('false');
    expect(window.localStorage.getItem('location_tracking_watch_id')).toBeNull();
  });

  it('should not clear anything when the stored id is not a number', () => {
    window.localStorage.setItem('location_tracking_watch_id', 'abc');

    stopLocationTracking();

    expect(clearWatch).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('location_tracking_watch_id')).toBeNull();
  });
});
