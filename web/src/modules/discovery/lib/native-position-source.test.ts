import type { BackgroundGeolocationPlugin, CallbackError, Location } from '@capacitor-community/background-geolocation';
import { createNativePositionSource, NATIVE_WATCHER_OPTIONS } from './native-position-source';
import type { PositionHandlers } from './position-source.types';

type Callback = (location?: Location, error?: CallbackError) => void;

const registered: { plugin?: BackgroundGeolocationPlugin } = {};
jest.mock('@capacitor/core', () => ({ registerPlugin: jest.fn(() => registered.plugin) }));

/** The background-geolocation plugin, driven by the test. */
function fakePlugin() {
  const callbacks = new Map<string, Callback>();
  let next = 1;
  const plugin = {
    addWatcher: jest.fn(async (_options: unknown, callback: Callback) => {
      const id = `w${next++}`;
      callbacks.set(id, callback);
      return id;
    }),
    removeWatcher: jest.fn(async ({ id }: { id: string }) => {
      callbacks.delete(id);
    }),
    openSettings: jest.fn(),
    location(location: Partial<Location>) {
      callbacks.forEach((callback) => callback(location as Location));
    },
    error(code: string | undefined, message: string) {
      callbacks.forEach((callback) => callback(undefined, Object.assign(new Error(message), { code })));
    },
    callbacks,
  };
  return plugin;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('native position source (Capacitor background watcher)', () => {
  let plugin: ReturnType<typeof fakePlugin>;
  let handlers: { [K in keyof PositionHandlers]: jest.Mock };

  beforeEach(() => {
    plugin = fakePlugin();
    handlers = { onFix: jest.fn(), onLost: jest.fn(), onFail: jest.fn() };
  });

  it('should add a background watcher with the French notification, permissions asked, fresh fixes every 25 m', async () => {
    const source = createNativePositionSource(plugin);

    source.start(handlers);
    await settle();

    expect(plugin.addWatcher).toHaveBeenCalledWith(
      {
        backgroundMessage: 'Flâneur découvre les biens autour de vous',
        backgroundTitle: 'Découverte en marchant',
        requestPermissions: true,
        stale: false,
        distanceFilter: 25,
      },
      expect.any(Function),
    );
    expect(NATIVE_WATCHER_OPTIONS.backgroundMessage).toBe('Flâneur découvre les biens autour de vous');
    expect(source.isSupported()).toBe(true);
  });

  it('should hand each location on as a fix (accuracy 0 when missing, now when no time)', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const source = createNativePositionSource(plugin);
    source.start(handlers);
    await settle();

    plugin.location({ latitude: 48.85, longitude: 2.35, accuracy: 9, time: 1_750_000_000_000 });
    plugin.location({ latitude: 48.86, longitude: 2.36, accuracy: Number.NaN, time: null });

    expect(handlers.onFix).toHaveBeenNthCalledWith(1, {
      latitude: 48.85,
      longitude: 2.35,
      accuracy: 9,
      timestamp: 1_750_000_000_000,
    });
    expect(handlers.onFix).toHaveBeenNthCalledWith(2, {
      latitude: 48.86,
      longitude: 2.36,
      accuracy: 0,
      timestamp: 1_700_000_000_000,
    });
    jest.restoreAllMocks();
  });

  it('should end tracking with the French permission text on NOT_AUTHORIZED', async () => {
    const source = createNativePositionSource(plugin);
    source.start(handlers);
    await settle();

    plugin.error('NOT_AUTHORIZED', 'User denied location permission');

    expect(handlers.onFail).toHaveBeenCalledWith('Erreur de suivi: autorisation de localisation refusée', 'denied');
    expect(handlers.onLost).not.toHaveBeenCalled();
  });

  it('should report any other watcher error as a lost signal, in French', async () => {
    const source = createNativePositionSource(plugin);
    source.start(handlers);
    await settle();

    plugin.error(undefined, 'kCLErrorLocationUnknown');

    expect(handlers.onLost).toHaveBeenCalledWith('Erreur de suivi: position indisponible');
    expect(handlers.onFail).not.toHaveBeenCalled();
  });

  it('should say in French that tracking could not start when the watcher is refused', async () => {
    plugin.addWatcher.mockRejectedValueOnce(new Error('Service not running.'));
    const source = createNativePositionSource(plugin);

    source.start(handlers);
    await settle();

    expect(handlers.onFail).toHaveBeenCalledWith('Impossible de démarrer le suivi de position: Service not running.');
  });

  it('should remove its watcher on stop, and pass nothing on afterwards', async () => {
    const source = createNativePositionSource(plugin);
    source.start(handlers);
    await settle();
    const callback = [...plugin.callbacks.values()][0];

    source.stop();
    await settle();
    callback({ latitude: 1, longitude: 2, accuracy: 3, time: 4 } as Location);

    expect(plugin.removeWatcher).toHaveBeenCalledWith({ id: 'w1' });
    expect(handlers.onFix).not.toHaveBeenCalled();
  });

  it('should replace its watcher when started again', async () => {
    const source = createNativePositionSource(plugin);
    source.start(handlers);
    source.start(handlers);
    await settle();

    expect(plugin.removeWatcher).toHaveBeenCalledWith({ id: 'w1' });
    expect([...plugin.callbacks.keys()]).toEqual(['w2']);
  });

  it('should drive the tracker in the native shell, through the plugin registered from @capacitor/core', async () => {
    registered.plugin = plugin;
    (window as unknown as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true };
    const geolocation = { watchPosition: jest.fn(), clearWatch: jest.fn() };
    Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
    const { locationTracker } = await import('./location-tracking');
    const onError = jest.fn();
    const unsubscribe = locationTracker.onError(onError);

    locationTracker.start();
    await settle();
    await settle();
    plugin.location({ latitude: 48.85, longitude: 2.35, accuracy: 5, time: 1_750_000_000_000 });

    expect(plugin.addWatcher).toHaveBeenCalledTimes(1);
    expect(geolocation.watchPosition).not.toHaveBeenCalled();
    expect(locationTracker.getSnapshot()).toEqual(expect.objectContaining({ status: 'on' }));

    plugin.error('NOT_AUTHORIZED', 'denied');
    await settle();
    expect(locationTracker.getSnapshot().status).toBe('off');
    expect(onError).toHaveBeenCalledWith('Erreur de suivi: autorisation de localisation refusée');
    expect(plugin.removeWatcher).toHaveBeenCalledWith({ id: 'w1' });
    unsubscribe();
    delete (window as unknown as { Capacitor?: unknown }).Capacitor;
  });
});
