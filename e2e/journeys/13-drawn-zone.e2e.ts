import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { loginViaUi, newAccount, registerByApi } from '../support/accounts';
import { launchBrowser, VIEWPORTS, type Viewport } from '../support/browser';
import { bottomBarLink, Journey, toast, waitForPath } from '../support/journey';
import { ownerWithListing, type Spot } from '../support/listings';

/** Taps (touch) or clicks (mouse) the page at a point, as the person at this viewport would. */
async function tapAt(page: Page, viewport: Viewport, x: number, y: number): Promise<void> {
  if (viewport.options.hasTouch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

/** The saved-criteria card of the dashboard: the value shown for a line (dt → dd), or null without the line. */
async function criteriaLine(page: Page, label: string): Promise<string | null> {
  const card = page.getByRole('region', { name: 'Mes critères de recherche' });
  const line = card.locator('.criteria-card__line').filter({ has: page.getByRole('term').filter({ hasText: label }) });
  if ((await line.count()) === 0) return null;
  return line.getByRole('definition').innerText();
}

/**
 * Journey 13 (issue 21): a tenant opens their search criteria, draws a zone on the map (four taps or clicks,
 * « Terminer »), picks an energy maximum and saves; the dashboard summarises both, a reload keeps them, the Explorer
 * shows a listing inside the zone but none outside it or rated G, the Découvertes map shows the zone, and « Effacer la
 * zone » removes it.
 */
describe.each(VIEWPORTS)('journey 13: drawn zone and energy maximum ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should draw a zone and an energy maximum in the criteria, keep them, show the zone and clear it', async () => {
    const journey = new Journey(browser, 'drawn-zone', viewport);
    const title = `Maison dijonnaise (${viewport.name} ${Date.now().toString(36)})`;
    // A sale in Dijon, for its panel reference.
    const { ref } = await ownerWithListing('zoneproprio', {
      listing: {
        title,
        description: 'Maison de bourg avec cour, à rafraîchir.',
        price: 238000,
        isRental: false,
        size: 104,
        bedrooms: 3,
        bathrooms: 1,
        address: '5 rue Berbisey',
        city: 'Dijon',
        postalCode: '21000',
        type: 'house',
      },
      near: { latitude: 47.31, longitude: 5.02 },
      spread: 0.03,
      photoHue: 90,
    });
    const tenant = newAccount('zone');
    await registerByApi(tenant);

    await journey.run(async () => {
      const page = await journey.newPage('tenant');
      await loginViaUi(page, tenant.username, tenant.password);
      // Precondition: one discovery (a panel scanned), so that Découvertes has a map to show.
      expect((await page.request.get(`/p/${ref}`)).ok()).toBe(true);
      await page.goto('/dashboard');
      expect(await criteriaLine(page, 'Zone')).toBeNull();

      // « Modifier » → the criteria → « Dessiner sur la carte ».
      await page
        .getByRole('region', { name: 'Mes critères de recherche' })
        .getByRole('button', { name: 'Modifier' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Critères de recherche' });
      await dialog.getByText('Aucune zone dessinée : tout le rayon compte').waitFor();
      await dialog.getByRole('button', { name: 'Dessiner sur la carte' }).click();
      const map = dialog.getByRole('region', { name: 'Carte de la zone dessinée' });
      await map.locator('canvas').waitFor();
      // The whole map in sight, as the person scrolls the dialog to it (not under its « Enregistrer » bar).
      await map.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const box = (await map.boundingBox())!;
      // Four corners, clear of the zoom buttons (top right) and the credits (bottom right).
      const corners = [
        [0.2, 0.3],
        [0.6, 0.25],
        [0.65, 0.75],
        [0.25, 0.7],
      ];
      for (const [i, [fx, fy]] of corners.entries()) {
        const [x, y] = [box.x + box.width * fx, box.y + box.height * fy];
        // Nothing lies over the map where the finger goes.
        expect(await map.evaluate((el, [px, py]) => el.contains(document.elementFromPoint(px, py)), [x, y])).toBe(true);
        await tapAt(page, viewport, x, y);
        await dialog.getByText(i === 0 ? '1 point placé' : `${i + 1} points placés`, { exact: true }).waitFor();
      }
      expect(await map.getByRole('img', { name: /^Point \d$/ }).count()).toBe(4);
      await journey.checkpoint(page, 'zone-drawing', dialog);
      await dialog.getByRole('button', { name: 'Terminer' }).click();
      await dialog.getByText('Zone dessinée de 4 points', { exact: true }).waitFor();

      // The energy maximum: E hides F and G.
      const energy = dialog.getByRole('group', { name: 'Classe énergie (DPE) maximale' });
      const classE = energy.getByRole('radio', { name: 'E', exact: true });
      await classE.check();
      expect(await classE.isChecked()).toBe(true);
      await journey.checkpoint(page, 'zone-drawn', dialog);
      // « Enregistrer » is not covered by the map's controls (its credits) while the map is scrolled under it.
      const save = dialog.getByRole('button', { name: 'Enregistrer' });
      await map.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      expect(
        await save.evaluate((el) => {
          const b = el.getBoundingClientRect();
          const points = [
            [b.left + b.width / 2, b.top + b.height / 2],
            [b.right - 4, b.bottom - 4],
            [b.left + 4, b.bottom - 4],
          ];
          return points.every(([x, y]) => el.contains(document.elementFromPoint(x, y)));
        }),
      ).toBe(true);
      await save.click();
      await toast(page, 'Critères enregistrés').waitFor();
      await dialog.waitFor({ state: 'detached' });
      expect(await criteriaLine(page, 'Zone')).toBe('Zone dessinée de 4 points');
      expect(await criteriaLine(page, 'Énergie (DPE)')).toBe('Classe E ou mieux');
      await journey.checkpoint(page, 'criteria-saved', page.getByRole('region', { name: 'Mes critères de recherche' }));

      // Saved on the server: a reload keeps them.
      await page.reload();
      await page
        .getByRole('region', { name: 'Mes critères de recherche' })
        .getByText('Zone dessinée de 4 points', { exact: true })
        .waitFor();
      expect(await criteriaLine(page, 'Énergie (DPE)')).toBe('Classe E ou mieux');

      // The Explorer searches with the saved criteria: of three new listings, only the one inside the zone and rated
      // E or better is shown (not one rated G inside it, nor one just outside it).
      const saved = await page.request.get('/api/user/preferences');
      const zone = ((await saved.json()) as { searchFilters: { zone: Spot[] } }).searchFilters.zone;
      expect(zone).toHaveLength(4);
      const inside = {
        latitude: zone.reduce((sum, p) => sum + p.latitude, 0) / zone.length,
        longitude: zone.reduce((sum, p) => sum + p.longitude, 0) / zone.length,
      };
      const east = Math.max(...zone.map((p) => p.longitude));
      const stamp = `${viewport.name} ${Date.now().toString(36)}`;
      const [kept, energyHog, outside] = ['Dans la zone', 'Passoire dans la zone', 'Hors de la zone'].map(
        (name) => `${name} (${stamp})`,
      );
      // Three homes: three addresses (one address with the same surface and rooms is one home, shown once), and
      // others than the other viewport's run, which draws the same zone.
      const street = viewport.name === 'mobile' ? 10 : 30;
      const placed = (listingTitle: string, at: Spot, dpeRating: string, number: number) =>
        ownerWithListing('zoneproprio', {
          listing: {
            title: listingTitle,
            description: 'Appartement traversant, au calme.',
            price: 1100,
            isRental: true,
            size: 45,
            bedrooms: 1,
            bathrooms: 1,
            address: `${street + number} rue de Rivoli`,
            city: 'Paris',
            postalCode: '75004',
            type: 'apartment',
            dpeRating,
          },
          near: at,
          spread: 0,
          photoHue: 300,
        });
      await Promise.all([
        placed(kept, inside, 'D', 1),
        placed(energyHog, { ...inside, longitude: inside.longitude + 0.0005 }, 'G', 3),
        // East of the zone's easternmost corner: outside it, but well within the radius.
        placed(outside, { latitude: inside.latitude, longitude: east + 0.002 }, 'C', 5),
      ]);
      await page.context().setGeolocation({ ...inside, accuracy: 20 });
      await page.getByRole('link', { name: 'Explorer les biens' }).click();
      await waitForPath(page, '/explorer');
      const found = page.getByRole('link', { name: kept });
      await found.waitFor();
      expect(await page.getByRole('link', { name: energyHog }).count()).toBe(0);
      expect(await page.getByRole('link', { name: outside }).count()).toBe(0);
      await journey.checkpoint(page, 'explorer-in-zone', found);

      // The Découvertes map shows the zone.
      await bottomBarLink(page, /^Découvertes/).click();
      await waitForPath(page, /^\/history/);
      await page.getByRole('link', { name: title }).waitFor();
      await page.getByRole('tab', { name: 'Carte' }).click();
      const historyMap = page.getByRole('region', { name: 'Carte des découvertes' });
      await historyMap.locator('canvas').waitFor();
      await historyMap.getByText('Zone dessinée affichée sur la carte (4 points)').waitFor({ state: 'attached' });
      await journey.checkpoint(page, 'history-map-zone', historyMap);

      // « Effacer la zone »: back to the whole radius, the energy maximum kept.
      await page.goto('/dashboard');
      await page
        .getByRole('region', { name: 'Mes critères de recherche' })
        .getByRole('button', { name: 'Modifier' })
        .click();
      await dialog.getByText('Zone dessinée de 4 points', { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Effacer la zone' }).click();
      await dialog.getByText('Aucune zone dessinée : tout le rayon compte').waitFor();
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByRole('region', { name: 'Mes critères de recherche' })
        .getByText('Zone dessinée de 4 points', { exact: true })
        .waitFor({ state: 'detached' });
      expect(await criteriaLine(page, 'Zone')).toBeNull();
      expect(await criteriaLine(page, 'Énergie (DPE)')).toBe('Classe E ou mieux');
      await page.reload();
      await page.getByRole('region', { name: 'Mes critères de recherche' }).getByText('Classe E ou mieux').waitFor();
      expect(await criteriaLine(page, 'Zone')).toBeNull();
      await page.goto('/history?view=map');
      await historyMap.locator('canvas').waitFor();
      expect(await historyMap.getByText(/Zone dessinée/).count()).toBe(0);
      await journey.checkpoint(page, 'history-map-no-zone', historyMap);
    });
  });
});
