import { capacitor, isNativePlatform } from './capacitor';

/** The question asked before leaving the app from its first screen. */
export const EXIT_QUESTION = "Voulez-vous quitter l'application?";

/**
 * Native platforms: the hardware back button goes back in history, or asks before exiting
 * when there is nowhere to go back to. Does nothing on the web.
 */
export function setupNativeBackButton(confirmExit: (question: string) => boolean = (q) => window.confirm(q)): void {
  const app = capacitor()?.Plugins?.App;
  if (!isNativePlatform() || !app) return;
  void app.addListener('backButton', ({ canGoBack }) => {
    if (canGoBack && window.history.length > 1) window.history.back();
    else if (confirmExit(EXIT_QUESTION)) void app.exitApp();
  });
}
