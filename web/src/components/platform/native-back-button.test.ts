import { EXIT_QUESTION, setupNativeBackButton } from './native-back-button';

type Handler = (state: { canGoBack: boolean }) => void;

describe('native back button', () => {
  let handler: Handler | undefined;
  const exitApp = jest.fn();

  beforeEach(() => {
    handler = undefined;
    (window as unknown as { Capacitor?: unknown }).Capacitor = {
      isNativePlatform: () => true,
      Plugins: {
        App: {
          addListener: (_event: string, h: Handler) => {
            handler = h;
            return { remove: async () => undefined };
          },
          exitApp,
        },
      },
    };
  });

  afterEach(() => {
    delete (window as unknown as { Capacitor?: unknown }).Capacitor;
  });

  it('should go back in history when there is somewhere to go back to', () => {
    const back = jest.spyOn(window.history, 'back').mockImplementation(() => undefined);
    window.history.pushState({}, '', '/messages');
    setupNativeBackButton(() => true);

    handler!({ canGoBack: true });

    expect(back).toHaveBeenCalled();
    expect(exitApp).not.toHaveBeenCalled();
  });

  it('should ask "Voulez-vous quitter l\'application?" and exit only when the user agrees', () => {
    const confirmExit = jest.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    setupNativeBackButton(confirmExit);

    handler!({ canGoBack: false });
    expect(confirmExit).toHaveBeenCalledWith("Voulez-vous quitter l'application?");
    expect(exitApp).not.toHaveBeenCalled();

    handler!({ canGoBack: false });
    expect(exitApp).toHaveBeenCalledTimes(1);
    expect(EXIT_QUESTION).toBe("Voulez-vous quitter l'application?");
  });

  it('should do nothing on the web', () => {
    delete (window as unknown as { Capacitor?: unknown }).Capacitor;
    setupNativeBackButton(() => true);
    expect(handler).toBeUndefined();
  });
});
