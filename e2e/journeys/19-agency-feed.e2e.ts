import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { polirisZip, saleLine } from '../../gateway/src/modules/feeds/poliris-writer';
import { loginViaUi, newAccount, registerByApi } from '../support/accounts';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { photoFile } from '../support/fixtures';
import { Journey, waitForPath } from '../support/journey';

/**
 * Journey 19: an agency brings its stock. A professional account uploads its Poliris feed on « Flux d'annonces »,
 * follows the import to « terminé » (« Actualiser »: no polling), and a visitor finds its listings in the Explorer,
 * « Professionnel » with the agency's name and card.
 */
describe.each(VIEWPORTS)('journey 19: agency feed ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should import an agency feed and show its listings in the Explorer', async () => {
    const journey = new Journey(browser, 'agency-feed', viewport);
    const agency = newAccount('agence');
    await registerByApi(agency, { isLandlord: true });
    const tag = `${viewport.name} ${Date.now().toString(36)}`;
    const at = { latitude: 45.75 + Math.random() * 0.02, longitude: 4.83 + Math.random() * 0.02 };
    // Homes of their own: the other viewport's agency imports the same lines, and one address with the same surface
    // and rooms published by two accounts is one home, shown once.
    const number = viewport.name === 'mobile' ? 10 : 30;
    const photo = (await photoFile('sejour.jpg', 200, 800, 600)).buffer;
    const zip = polirisZip(
      [
        saleLine('J-1', {
          ...at,
          title: `Trois pièces Croix-Rousse (${tag})`,
          address: `${number + 1} boulevard de la Croix-Rousse`,
          city: 'Lyon',
          postalCode: '69004',
          photos: ['sejour.jpg'],
        }),
        saleLine('J-2', {
          ...at,
          longitude: at.longitude + 0.001,
          title: `Quatre pièces Croix-Rousse (${tag})`,
          address: `${number + 3} boulevard de la Croix-Rousse`,
          city: 'Lyon',
          postalCode: '69004',
          photos: ['sejour.jpg'],
          price: 510000,
        }),
      ],
      { 'sejour.jpg': photo },
    );

    await journey.run(async () => {
      const page = await journey.newPage('agency');
      await loginViaUi(page, agency.username, agency.password);
      const me = await (await page.request.get('/api/user')).json();
      const profile = await page.request.patch(`/api/users/${me.id}`, {
        data: {
          agencyName: `Agence Croix-Rousse ${tag}`,
          siren: '732829320',
          professionalCard: 'CPI 6901 2024 000 000 042',
        },
      });
      expect(profile.status()).toBe(200);

      await page.goto('/my-properties');
      // First on the page: tapped at once, while the list and the visit requests load below it.
      await page.getByRole('link', { name: "Flux d'annonces (agences)" }).click();
      await waitForPath(page, '/my-properties/feeds');
      await page.getByRole('heading', { level: 1, name: "Flux d'annonces" }).waitFor();
      await page
        .getByLabel('Fichier ZIP du flux (Poliris)')
        .setInputFiles({ name: 'flux.zip', mimeType: 'application/zip', buffer: zip });
      await page.getByRole('button', { name: 'Importer le flux' }).click();
      const card = page.getByRole('listitem').filter({ hasText: 'Reçu le' }).first();
      await card.waitFor();
      // The import runs in the background: « Actualiser » until it is done.
      for (let i = 0; i < 30 && !(await card.getByText('terminé').isVisible()); i++) {
        await page.getByRole('button', { name: 'Actualiser' }).click();
        await page.waitForTimeout(500);
      }
      await card.getByText('terminé').waitFor();
      expect(await card.getByText('créées').locator('xpath=following-sibling::dd').textContent()).toBe('2');
      await journey.checkpoint(page, 'feed-imported', card);

      const visitor = await journey.newPage('visitor');
      await visitor.context().setGeolocation({ ...at, accuracy: 20 });
      await visitor.goto('/explorer');
      await visitor.getByRole('heading', { level: 1, name: 'Explorer les biens' }).waitFor();
      const title = `Trois pièces Croix-Rousse (${tag})`;
      await visitor.getByRole('link', { name: title }).click();
      const summary = visitor.getByRole('region', { name: title, exact: true });
      await summary.getByText('Professionnel').waitFor();
      const contact = visitor.getByRole('region', { name: "Contacter l'agent" });
      await contact.getByText(`Agence Croix-Rousse ${tag}`).waitFor();
      await contact.getByText('Carte professionnelle CPI 6901 2024 000 000 042').waitFor();
      await contact.getByText('Léa Martin').waitFor();
      await journey.checkpoint(visitor, 'agency-listing', contact);
    });
  });
});
