import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { Journey, waitForPath } from '../support/journey';

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

async function waitForServiceWorkerControl(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/** Issue 8: the app is an installable PWA (manifest, icons, service worker with an offline page). */
describe.each(VIEWPORTS)('installable PWA ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should serve the manifest and its icons, register the service worker and show the offline page without network', async () => {
    const journey = new Journey(browser, 'pwa', viewport);
    await journey.run(async () => {
      const page = await journey.newPage();
      await page.goto('/dashboard');
      await journey.checkpoint(page, 'dashboard', page.getByRole('heading', { level: 1, name: 'Accueil' }));

      // The manifest: linked from the page, served, French, standalone, starting on the dashboard.
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
      expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#1f4e79');
      const res = await page.request.get('/manifest.webmanifest');
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^application\/(manifest\+)?json/);
      const manifest = await res.json();
      expect(manifest).toMatchObject({
        name: 'Flâneur',
        lang: 'fr',
        start_url: '/dashboard',
        display: 'standalone',
        theme_color: '#1f4e79',
        background_color: '#f5f6f8',
      });
      expect(manifest.short_name).toBeTruthy();
      const icons = manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[];
      for (const wanted of ['192x192', '512x512']) {
        expect(icons.some((i) => i.sizes === wanted && (i.purpose ?? 'any').includes('any'))).toBe(true);
      }
      expect(icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
      for (const icon of icons) {
        const img = await page.request.get(icon.src);
        expect(img.status()).toBe(200);
        expect(img.headers()['content-type']).toBe('image/png');
        expect(pngSize(await img.body()).join('x')).toBe(icon.sizes);
      }

      // The service worker takes control of the page.
      expect(await waitForServiceWorkerControl(page)).toMatch(/\/sw\.js$/);

      // Chromium's own verdict: the manifest parses and the app meets the install criteria.
      const cdp = await page.context().newCDPSession(page);
      const { errors: manifestErrors } = await cdp.send('Page.getAppManifest');
      expect(manifestErrors.filter((e) => e.critical)).toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      // A test context is "off the record" (like a private window), where Chromium never offers to install.
      expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
      await cdp.detach();

      // Without network, a navigation shows the offline page instead of the browser's error.
      await page.context().setOffline(true);
      await page.goto('/history').catch(() => undefined);
      await journey.checkpoint(page, 'offline', page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' }));
      expect(new URL(page.url()).pathname).toBe('/history');

      // "Réessayer" reloads the address that failed (still offline here: the offline page again)…
      const retry = page.getByRole('link', { name: 'Réessayer' });
      expect(await retry.evaluate((a: HTMLAnchorElement) => a.href)).toBe(page.url());
      await retry.click();
      await page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' }).waitFor();
      // …and back online the page reloads by itself into the app.
      await page.context().setOffline(false);
      await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
      await waitForPath(page, (path) => path === '/history' || path === '/auth?retour=%2Fhistory');
      expect(await page.getByRole('heading', { name: 'Vous êtes hors ligne' }).count()).toBe(0);

      // The API is never answered from the cache: offline, it fails rather than replaying old data.
      await page.context().setOffline(true);
      const apiOffline = await page.evaluate(() =>
        fetch('/api/user', { credentials: 'include' }).then(
          (r) => `status ${r.status}`,
          () => 'network error',
        ),
      );
      expect(apiOffline).toBe('network error');
      await page.context().setOffline(false);
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
        }
        return urls;
      });
      expect(cached).toContain('/offline.html');
      expect(cached.filter((path) => /^\/(api\/|graphql|uploads\/)/.test(path))).toEqual([]);
    });
  });
});
