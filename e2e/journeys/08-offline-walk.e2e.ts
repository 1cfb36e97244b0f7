import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { loginViaUi, newAccount, registerByApi } from '../support/accounts';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { bottomBarLink, Journey, toast } from '../support/journey';
import { CENTRAL_PARIS_WALK, graphqlResponse, turnTrackingOn } from '../support/walk';

/** Fontainebleau forest, about 55 km from the demo listings (all around central Paris): nothing to discover. */
const FAR_AWAY = { latitude: 48.4047, longitude: 2.7016, accuracy: 10 };

/** The fixes waiting in the tracker's IndexedDB outbox. */
function keptFixes(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('flaneur-fix-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('fixes')) return resolve(0);
          const count = db.transaction('fixes').objectStore('fixes').count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

async function waitForKeptFixes(page: Page, accept: (count: number) => boolean, what: string): Promise<number> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const count = await keptFixes(page);
    if (accept(count)) return count;
    if (Date.now() > deadline) throw new Error(`[e2e] the outbox holds ${count} fixes, expected ${what}`);
    await page.waitForTimeout(250);
  }
}

/**
 * Journey 8: a tenant switches discovery on far from any listing, then walks through central Paris with
 * the network cut: the fixes wait in IndexedDB. Back online, the backlog is replayed in one
 * reportLocations call and what it discovered shows in Découvertes.
 */
describe.each(VIEWPORTS)('journey 8: offline walk ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should keep the fixes taken offline and replay them once online, their discoveries in Découvertes', async () => {
    const journey = new Journey(browser, 'offline-walk', viewport);
    const tenant = newAccount('flaneur');
    await registerByApi(tenant);
    await journey.run(async () => {
      const page = await journey.newPage('tenant');
      const context = page.context();
      await context.setGeolocation(FAR_AWAY);
      await loginViaUi(page, tenant.username, tenant.password);
      await page.goto('/dashboard');

      // Criteria: rentals within 3 km.
      const criteria = page.getByRole('region', { name: 'Mes critères de recherche' });
      await criteria.getByRole('button', { name: 'Modifier' }).click();
      const dialog = page.getByRole('dialog', { name: 'Critères de recherche' });
      await dialog.getByRole('radio', { name: 'Location' }).check();
      await dialog.getByRole('slider', { name: 'Rayon de découverte' }).fill('3');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await toast(page, 'Critères enregistrés').waitFor();
      await dialog.waitFor({ state: 'detached' });

      // Tracking on, far from every listing: the live fix goes through reportLocation and finds nothing.
      const firstLive = graphqlResponse(page, 'ReportLocation');
      await turnTrackingOn(page);
      const live = (await (await firstLive).json()) as { data?: { reportLocation?: { matched: boolean } } };
      expect(live.data?.reportLocation).toBeDefined();
      const pill = page.getByRole('status').filter({ hasText: 'Suivi de position actif' });
      await pill.waitFor();
      const today = page.getByRole('region', { name: "Aujourd'hui" });
      await today.getByText("0 bien découvert aujourd'hui").waitFor();
      await journey.checkpoint(page, 'tracking-on-far-away');

      // The network drops during the walk: every fix is kept, in order, in IndexedDB.
      const sentOffline: string[] = [];
      const onRequest = (request: { url: () => string; postDataJSON: () => unknown }) => {
        if (request.url().endsWith('/graphql'))
          sentOffline.push(String((request.postDataJSON() as { operationName?: string } | null)?.operationName));
      };
      await context.setOffline(true);
      page.on('request', onRequest);
      let kept = 0;
      for (const point of CENTRAL_PARIS_WALK) {
        await context.setGeolocation(point);
        kept = await waitForKeptFixes(page, (count) => count > kept, `more than ${kept}`);
      }
      // Back out of town before the network returns: only the replay can discover anything.
      await context.setGeolocation(FAR_AWAY);
      kept = await waitForKeptFixes(page, (count) => count > kept, `more than ${kept}`);
      // The pill tells the truth: offline, the fixes only wait on the phone.
      const offlinePill = page.getByRole('status').filter({ hasText: `Hors ligne — positions gardées (${kept})` });
      await offlinePill.waitFor();
      expect(await pill.count()).toBe(0);
      await journey.checkpoint(page, 'walking-offline');
      page.off('request', onRequest);
      expect(sentOffline.filter((name) => name.startsWith('ReportLocation'))).toEqual([]);

      // Online again: the backlog goes in one reportLocations call; its discoveries reach Découvertes.
      const replay = graphqlResponse(page, 'ReportLocations');
      await context.setOffline(false);
      const replayResponse = await replay;
      const sentFixes = (replayResponse.request().postDataJSON() as { variables: { fixes: { timestamp: string }[] } })
        .variables.fixes;
      expect(sentFixes.length).toBeGreaterThanOrEqual(kept);
      const times = sentFixes.map((fix) => Date.parse(fix.timestamp));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const answer = (await replayResponse.json()) as {
        data?: { reportLocations?: { stored: number; duplicates: number; discovered: number } };
      };
      const report = answer.data?.reportLocations;
      expect(report?.stored).toBe(sentFixes.length);
      expect(report?.discovered).toBeGreaterThan(0);
      const discovered = report?.discovered ?? 0;
      await waitForKeptFixes(page, (count) => count === 0, 'none once the server answered');
      await toast(page, 'Positions envoyées').waitFor();
      await page
        .getByRole('region', { name: 'Notifications' })
        .getByText(`Gardées hors ligne, ${sentFixes.length} positions viennent de partir`, { exact: false })
        .waitFor();
      await pill.waitFor();

      // Découvertes shows a home once (one home published by two accounts is merged): its count is the entries'.
      const shown = ((await (await page.request.get('/api/history')).json()) as unknown[]).length;
      expect(shown).toBeGreaterThan(0);
      expect(shown).toBeLessThanOrEqual(discovered);
      const found = shown > 1 ? `${shown} biens découverts aujourd'hui` : "1 bien découvert aujourd'hui";
      await today.getByText(found).waitFor();
      await journey.checkpoint(page, 'back-online-dashboard');

      await bottomBarLink(page, /^Découvertes/).click();
      await page.getByText(shown > 1 ? `${shown} découvertes` : '1 découverte', { exact: true }).waitFor();
      await page.locator('article').first().getByText('Nouveau', { exact: true }).waitFor();
      await journey.checkpoint(page, 'history-after-replay');
    });
  });
});
