import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The Android shell (Capacitor 7). The WebView loads the app from the gateway named by CAP_SERVER_URL
 * at `cap sync` time (e.g. https://flaneur.example.fr): the session cookie, /graphql and its websocket
 * then stay same-origin, exactly as in a browser. Without it (CI), the shell carries web/dist only.
 */
const serverUrl = process.env.CAP_SERVER_URL?.trim() || undefined;

const config: CapacitorConfig = {
  appId: 'fr.flaneur.app',
  appName: 'Flâneur',
  webDir: 'web/dist',
  // The plugins are dependencies of web/, not of this root package the CLI reads: named here.
  includePlugins: ['@capacitor/app', '@capacitor-community/background-geolocation'],
  android: {
    // The background-geolocation plugin's advice: the modern bridge stops location updates after
    // about 5 minutes in the background.
    useLegacyBridge: true,
  },
  server: serverUrl
    ? {
        url: serverUrl,
        cleartext: serverUrl.startsWith('http:'),
        // Shown (from web/dist) when the gateway cannot be reached at launch.
        errorPath: 'offline.html',
      }
    : undefined,
};

export default config;
