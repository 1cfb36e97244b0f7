import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, VIEWPORTS } from '../support/browser';
import { escapeRegExp, Journey, waitForPath } from '../support/journey';
import { ownerWithListing } from '../support/listings';

/**
 * Journey 10 (issue 21): a visitor opens « Explorer les biens » from Accueil, finds around their position a listing
 * whose price dropped (« Prix en baisse », the former price struck through), opens it (its shared link previews it) and
 * comes back to the list; then explores around an address. An unknown listing answers 404 and says « Bien non trouvé ».
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

      // Its shared link previews it: the app's page with the listing's tags.
      const shared = await page.request.get(`/property/${id}`, { headers: { Accept: 'text/html' } });
      expect(shared.status()).toBe(200);
      const html = await shared.text();
      const meta = (key: string) =>
        new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;
      expect(meta('og:title')).toBe(title);
      expect(meta('og:description')).toMatch(/^Maison à vendre · 395\s000\s€ · Nantes · 92 m²$/);
      expect(meta('og:image')).toMatch(new RegExp(`^${escapeRegExp(baseUrl())}/\\S+$`));
      expect(meta('og:url')).toBe(`${baseUrl()}/property/${id}`);
      expect(meta('twitter:card')).toBe('summary_large_image');
      const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(ld ?? 'null')).toMatchObject({ '@type': 'RealEstateListing', name: title });
      // An unknown listing answers 404, and the app still says so.
      const unknown = await page.request.get('/property/2147483647', { headers: { Accept: 'text/html' } });
      expect(unknown.status()).toBe(404);

      await page
        .getByRole('button', { name: /Retour/ })
        .first()
        .click();
      await waitForPath(page, '/explorer');
      await page.getByRole('link', { name: title }).waitFor();

      // Around a place: an address (the journeys' geocoder), then the listings there.
      await page.getByRole('radio', { name: "Autour d'un lieu" }).check({ force: true });
      await page.getByLabel('Adresse, ville ou quartier', { exact: true }).fill('12 rue des Martyrs, Paris');
      await page.getByRole('button', { name: 'Rechercher' }).click();
      await page
        .getByRole('list', { name: 'Lieux trouvés' })
        .getByRole('button', { name: '12 Rue des Martyrs 75009 Paris' })
        .click();
      await page.getByText('Autour de : 12 Rue des Martyrs 75009 Paris').waitFor();
      // The Nantes listing gives way to those around the address.
      await page.getByRole('link', { name: title }).waitFor({ state: 'detached' });
      const results = page.getByRole('heading', { level: 2, name: /^\d+\+? biens? à moins de \d/ });
      await page.locator('.explorer__list').getByRole('article').first().waitFor();
      expect(await results.textContent()).not.toMatch(/^0 /);
      await journey.checkpoint(page, 'explorer-around-place', results);

      await page.goto('/property/2147483647');
      await journey.checkpoint(page, 'listing-unknown', page.getByRole('heading', { name: 'Bien non trouvé' }));
    });
  });
});
