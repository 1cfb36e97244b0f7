import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { Journey, waitForPath } from '../support/journey';
import { ownerWithListing } from '../support/listings';

/**
 * Journey 10 (issue 21): a visitor opens « Explorer les biens » from Accueil, finds around their position a listing
 * whose price dropped (« Prix en baisse », the former price struck through), opens it and comes back to the list.
 */
describe.each(VIEWPORTS)('journey 10: explorer ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should go from Accueil to the Explorer, open a listing « en baisse » and come back', async () => {
    const journey = new Journey(browser, 'explorer', viewport);
    const title = `Maison nantaise (${viewport.name} ${Date.now().toString(36)})`;
    // A listing near Nantes whose price then drops: « en baisse ».
    const { id, at } = await ownerWithListing('vendeur', {
      listing: {
        title,
        description: 'Maison de ville avec jardin, au calme.',
        price: 420000,
        isRental: false,
        size: 92,
        bedrooms: 3,
        bathrooms: 1,
        address: '3 rue des Tilleuls',
        city: 'Nantes',
        postalCode: '44000',
        type: 'house',
      },
      near: { latitude: 47.2, longitude: -1.6 },
      spread: 0.05,
      photoHue: 30,
      newPrice: 395000,
    });

    await journey.run(async () => {
      const page = await journey.newPage('visitor');
      await page.context().setGeolocation({ ...at, accuracy: 20 });
      await page.goto('/dashboard');
      await page.getByRole('link', { name: 'Explorer les biens' }).click();
      await waitForPath(page, '/explorer');
      await page.getByRole('heading', { level: 1, name: 'Explorer les biens' }).waitFor();
      const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });
      await card.getByText('Prix en baisse').waitFor();
      expect(await card.locator('del').textContent()).toMatch(/420\s000\s€/);
      await journey.checkpoint(page, 'explorer-list', card);

      await page.getByRole('radio', { name: 'Carte' }).check({ force: true });
      await page.getByRole('region', { name: 'Carte des biens' }).waitFor();
      await journey.checkpoint(page, 'explorer-map');
      await page.getByRole('radio', { name: 'Liste' }).check({ force: true });

      await card.getByRole('link', { name: title }).click();
      await waitForPath(page, `/property/${id}`);
      const summary = page.getByRole('region', { name: title, exact: true });
      await summary.getByText('Prix en baisse').waitFor();
      await journey.checkpoint(page, 'listing-dropped', summary);

      await page
        .getByRole('button', { name: /Retour/ })
        .first()
        .click();
      await waitForPath(page, '/explorer');
      await page.getByRole('link', { name: title }).waitFor();
    });
  });
});
