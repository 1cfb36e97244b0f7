import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { loginViaUi, newAccount, registerByApi } from '../support/accounts';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { bottomBarLink, Journey, waitForPath } from '../support/journey';
import { CENTRAL_PARIS_WALK, graphqlResponse, turnTrackingOn } from '../support/walk';

/** « Dans les rues traversées : … » as the journal writes it, with its number of sales (none: 0). */
const STREET_LINE =
  /^Dans les rues traversées : (?:aucune vente enregistrée depuis \d{4}|(\d[\d\s\u202f]*) ventes? depuis \d{4}, (?:médiane [\d\s\u202f]+ €\/m²|trop peu pour en donner une médiane))$/;
const salesInLine = (text: string | null) => {
  const m = STREET_LINE.exec(text ?? '');
  expect(m).not.toBeNull();
  return m![1] === undefined ? 0 : Number(m![1].replace(/\D/g, ''));
};

/**
 * Journey 11: a tenant walks through central Paris with discovery on (Chromium's geolocation moved fix after fix);
 * the walk appears in « Mes balades » (reached from Découvertes), in progress, with what sold in the streets it
 * crossed (the demo's DVF sales), and its screen shows the trace on the map with the listings discovered on the way;
 * « Ventes récentes » switched on draws the recorded sales around it.
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
      // What sold in the streets walked, with its source.
      const line = walk.getByText(/^Dans les rues traversées : /);
      const sold = salesInLine(await line.textContent());
      await walk.getByText(/^Source : DVF, DGFiP, données au \d{1,2} \S+ \d{4}$/).waitFor();
      await journey.checkpoint(page, 'my-walks', walks);

      // The walk's screen: its trace (every fix reported) on the map.
      await walk.click();
      await page.getByRole('region', { name: 'Carte de la balade' }).waitFor();
      const trace = page.getByText(/^Parcours de \d+ positions$/);
      await trace.waitFor({ state: 'attached' });
      const positions = Number((await trace.textContent())?.match(/\d+/)?.[0]);
      expect(positions).toBeGreaterThanOrEqual(CENTRAL_PARIS_WALK.length);
      await page.getByRole('region', { name: 'Découverts en chemin' }).waitFor();
      expect(salesInLine(await page.getByText(/^Dans les rues traversées : /).textContent())).toBe(sold);
      await journey.checkpoint(page, 'walk-screen');

      // « Ventes récentes » on the walk's map: off, then on with the sales around, each drawn (alone or in a group).
      const map = page.getByRole('region', { name: 'Carte de la balade' });
      const toggle = map.getByRole('button', { name: 'Ventes récentes' });
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      const count = map.getByRole('status').filter({ hasText: /^\d+ ventes? récentes?/ });
      await count.waitFor();
      const shown = Number((await count.textContent())!.match(/^\d+/)![0]);
      expect(shown).toBeGreaterThan(0);
      expect(await count.textContent()).toContain('Source : DVF, DGFiP');
      const alone = await map.getByRole('img', { name: /^Vente du / }).count();
      const grouped = await map.getByRole('button', { name: /^\d+ ventes ici/ }).allTextContents();
      expect(alone + grouped.reduce((sum, t) => sum + Number(t.match(/\d+/)![0]), 0)).toBe(shown);
      await journey.checkpoint(page, 'walk-recent-sales', map);

      // The same walk over REST, only for its walker.
      const list = await page.request.get('/api/walks');
      expect(list.status()).toBe(200);
      const [latest] = (await list.json()) as { id: number; endedAt: string | null }[];
      expect(latest.endedAt).toBeNull();
      const detail = (await (await page.request.get(`/api/walks/${latest.id}`)).json()) as {
        path: unknown[];
        streetSales: { count: number } | null;
      };
      expect(detail.path.length).toBe(positions);
      expect(detail.streetSales?.count).toBe(sold);
    });
  });
});
