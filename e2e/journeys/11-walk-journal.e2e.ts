import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { loginViaUi, newAccount, registerByApi } from '../support/accounts';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { bottomBarLink, Journey, waitForPath } from '../support/journey';
import { CENTRAL_PARIS_WALK, graphqlResponse, turnTrackingOn } from '../support/walk';

/**
 * Journey 11: a tenant walks through central Paris with discovery on (Chromium's geolocation moved fix after fix);
 * the walk appears in « Mes balades » (reached from Découvertes), in progress, and its screen shows the trace on the
 * map with the listings discovered on the way.
 */
describe.each(VIEWPORTS)('journey 11: walk journal ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should show a walk made in the browser in « Mes balades » with its path', async () => {
    const journey = new Journey(browser, 'walk-journal', viewport);
    const tenant = newAccount('balade');
    await registerByApi(tenant);
    await journey.run(async () => {
      const page = await journey.newPage('tenant');
      const context = page.context();
      await context.setGeolocation(CENTRAL_PARIS_WALK[0]);
      await loginViaUi(page, tenant.username, tenant.password);
      await page.goto('/dashboard');

      // Tracking on: each new position is reported as the walker moves.
      const first = graphqlResponse(page, 'ReportLocation');
      await turnTrackingOn(page);
      await first;
      for (const point of CENTRAL_PARIS_WALK.slice(1)) {
        const next = graphqlResponse(page, 'ReportLocation');
        await context.setGeolocation(point);
        await next;
      }
      await journey.checkpoint(page, 'walking');

      // Découvertes → « Mes balades »: the walk, in progress.
      await bottomBarLink(page, /^Découvertes/).click();
      await page.getByRole('link', { name: 'Mes balades' }).click();
      await waitForPath(page, '/walks');
      const walks = page.getByRole('list', { name: 'Balades' });
      const walk = walks.getByRole('link').first();
      await walk.getByText('En cours').waitFor();
      await journey.checkpoint(page, 'my-walks', walks);

      // The walk's screen: its trace (every fix reported) on the map.
      await walk.click();
      await page.getByRole('region', { name: 'Carte de la balade' }).waitFor();
      const trace = page.getByText(/^Parcours de \d+ positions$/);
      await trace.waitFor({ state: 'attached' });
      const positions = Number((await trace.textContent())?.match(/\d+/)?.[0]);
      expect(positions).toBeGreaterThanOrEqual(CENTRAL_PARIS_WALK.length);
      await page.getByRole('region', { name: 'Découverts en chemin' }).waitFor();
      await journey.checkpoint(page, 'walk-screen');

      // The same walk over REST, only for its walker.
      const list = await page.request.get('/api/walks');
      expect(list.status()).toBe(200);
      const [latest] = (await list.json()) as { id: number; endedAt: string | null }[];
      expect(latest.endedAt).toBeNull();
      const detail = (await (await page.request.get(`/api/walks/${latest.id}`)).json()) as { path: unknown[] };
      expect(detail.path.length).toBe(positions);
    });
  });
});
