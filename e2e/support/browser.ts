import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { visitorHeaders } from './visitors';

/** Debian's Chromium (apt package `chromium`); the suite never downloads a browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** A viewport every journey runs at. */
export interface Viewport {
  name: 'mobile' | 'desktop';
  options: BrowserContextOptions;
}

const ALL_VIEWPORTS: Viewport[] = [
  { name: 'mobile', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
];

/**
 * Every viewport, or those named in E2E_VIEWPORTS (comma-separated, e.g. `mobile`): CI's second pass, on
 * PostgreSQL, checks the database path once and leaves the layouts to the first pass.
 */
export const VIEWPORTS: Viewport[] = (() => {
  const wanted = process.env.E2E_VIEWPORTS?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!wanted?.length) return ALL_VIEWPORTS;
  const chosen = ALL_VIEWPORTS.filter((viewport) => wanted.includes(viewport.name));
  if (chosen.length !== wanted.length)
    throw new Error(`E2E_VIEWPORTS: unknown viewport in "${process.env.E2E_VIEWPORTS}"`);
  return chosen;
})();

/** Where the map tiles come from (the gateway's default TILE_URL): answered locally, see below. */
const TILE_HOST = 'https://tile.openstreetmap.org/';
// A 1×1 light-grey PNG: a map needs tiles, not the Internet.
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
  'base64',
);

/** The base URL of the gateway started by the global setup. */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('[e2e] E2E_BASE_URL unset: run the journeys through e2e/jest.config.js');
  return url;
}

/**
 * Launches Chromium. `launch()` gives each browser a fresh temporary profile (user data dir) that is
 * deleted on close; every context in it is isolated (cookies, storage, service workers).
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * A French-speaking visitor in Paris at the given viewport. External hosts are never reached: map
 * tiles get a blank image, anything else off the app's origin is refused.
 */
export async function newContext(browser: Browser, viewport: Viewport): Promise<BrowserContext> {
  const base = baseUrl();
  const context = await browser.newContext({
    ...viewport.options,
    baseURL: base,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    reducedMotion: 'reduce',
    geolocation: { latitude: 48.8566, longitude: 2.3522, accuracy: 25 },
    permissions: ['geolocation'],
    // A visitor of its own for the per-address throttles (visitors.ts).
    extraHTTPHeaders: visitorHeaders(),
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  await context.route(
    (url) => !url.href.startsWith(base) && url.protocol.startsWith('http'),
    (route) =>
      route.request().url().startsWith(TILE_HOST)
        ? route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE })
        : route.abort('blockedbyclient'),
  );
  return context;
}
