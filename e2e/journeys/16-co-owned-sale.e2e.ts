import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { loginViaUi } from '../support/accounts';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { bottomBarLink, Journey, toast, waitForPath } from '../support/journey';
import { ownerWithListing } from '../support/listings';

/**
 * Journey 16 (issue 20): an estate agent declares a flat for sale in a co-ownership, with the syndicate under a
 * procedure and the fees paid by the buyer, through « Modifier »; a visitor who is not signed in reads the sale's
 * legal mentions on the listing.
 */
describe.each(VIEWPORTS)('journey 16: co-owned sale ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should publish the co-ownership and the fees of a sale and show their mentions to a visitor', async () => {
    const journey = new Journey(browser, 'co-owned-sale', viewport);
    const title = `Trois-pièces en copropriété (${viewport.name})`;
    const { owner, id } = await ownerWithListing('agence', {
      listing: {
        title,
        description: 'Trois-pièces traversant au 2e étage, parquet, cave.',
        price: 420000,
        isRental: false,
        size: 65,
        bedrooms: 2,
        bathrooms: 1,
        address: '8 rue Sainte-Catherine',
        city: 'Bordeaux',
        postalCode: '33000',
        type: 'apartment',
      },
      near: { latitude: 44.83, longitude: -0.58 },
      spread: 0.05,
      photoHue: 40,
    });

    await journey.run(async () => {
      const page = await journey.newPage('agent');
      await loginViaUi(page, owner.username, owner.password);
      await bottomBarLink(page, 'Mes annonces').click();
      await waitForPath(page, '/my-properties');
      await page
        .getByRole('article', { name: title })
        .getByRole('link', { name: `Modifier ${title}` })
        .click();
      await waitForPath(page, /^\/add-property\?edit=\d+$/);
      await page.getByRole('heading', { level: 1, name: 'Modifier le bien' }).waitFor();

      // The energy performance a listing must show, then the sale's own fields.
      await page.getByLabel('DPE : classe énergie', { exact: true }).selectOption('D');
      await page.getByLabel('GES : classe climat', { exact: true }).selectOption('C');
      await page.getByLabel("Dépenses d'énergie minimum (€/an)", { exact: true }).fill('1200');
      await page.getByLabel("Dépenses d'énergie maximum (€/an)", { exact: true }).fill('1700');
      await page.getByLabel("Année de référence des prix de l'énergie", { exact: true }).fill('2024');
      await page.getByRole('checkbox', { name: 'Bien en copropriété' }).check();
      await page.getByLabel('Nombre de lots', { exact: false }).fill('24');
      await page.getByLabel('Charges courantes annuelles moyennes (€)', { exact: false }).fill('1800');
      await page.getByRole('checkbox', { name: 'Procédure en cours sur le syndicat des copropriétaires' }).check();
      await page.getByRole('radio', { name: 'Professionnel' }).check();
      await page.getByLabel('Honoraires à la charge de', { exact: false }).selectOption('buyer');
      await page.getByLabel('Honoraires (% TTC du prix hors honoraires)', { exact: false }).fill('5');
      await journey.checkpoint(page, 'sale-fields', page.getByRole('group', { name: 'Informations sur la vente' }));
      await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
      await toast(page, 'Bien immobilier modifié').waitFor();
      await waitForPath(page, '/my-properties');

      // A visitor, not signed in, opens the listing: the sale's mentions, the price with and without the fees.
      const visitor = await journey.newPage('visitor');
      await visitor.goto(`/property/${id}`);
      await visitor.getByRole('heading', { level: 2, name: title }).waitFor();
      const sale = visitor.getByRole('region', { name: 'Informations sur la vente' });
      for (const line of [
        /^Prix honoraires inclus : 420\s000 €$/,
        /^Prix hors honoraires : 400\s000 €$/,
        /^Honoraires à la charge de l'acquéreur$/,
        /^Honoraires : 5 % TTC du prix hors honoraires$/,
        /^Bien en copropriété$/,
        /^24 lots$/,
        /^Charges courantes annuelles moyennes : 1\s800 €$/,
        /^Le syndicat des copropriétaires fait l'objet d'une procédure/,
      ])
        await sale.getByText(line).waitFor();
      await visitor.getByText('Professionnel', { exact: true }).first().waitFor();
      expect(await visitor.getByRole('region', { name: 'Conditions de location' }).count()).toBe(0);
      await journey.checkpoint(visitor, 'sale-mentions', sale);
    });
  });
});
