import { onFlushOccasion } from './flush-triggers';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('outbox flush occasions', () => {
  afterEach(() => {
    delete (window as unknown as { Capacitor?: unknown }).Capacitor;
  });

  it('should flush when the browser is back online', () => {
    const flush = jest.fn();
    const stop = onFlushOccasion(flush);

    window.dispatchEvent(new Event('online'));

    expect(flush).toHaveBeenCalledTimes(1);
    stop();
  });

  it('should flush when the page becomes visible again, not when it hides', () => {
    const flush = jest.fn();
    const stop = onFlushOccasion(flush);

    setVisibility('hidden');
    expect(flush).not.toHaveBeenCalled();
    setVisibility('visible');

    expect(flush).toHaveBeenCalledTimes(1);
    stop();
  });

  it('should flush when the native app resumes, and let go of every listener on stop', async () => {
    let onResume: (() => void) | undefined;
    const remove = jest.fn(async () => undefined);
    (window as unknown as { Capacitor?: unknown }).Capacitor = {
      isNativePlatform: () => true,
      Plugins: {
        App: {
          addListener: jest.fn(async (event: string, handler: () => void) => {
            if (event === 'resume') onResume = handler;
            return { remove };
          }),
        },
      },
    };
    const flush = jest.fn();
    const stop = onFlushOccasion(flush);
    await Promise.resolve();

    onResume?.();
    expect(flush).toHaveBeenCalledTimes(1);

    stop();
    window.dispatchEvent(new Event('online'));
    setVisibility('visible');
    expect(flush).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalled();
  });
});
