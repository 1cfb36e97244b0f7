import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator } from 'playwright-core';
import { loginViaUi, newAccount, registerByApi } from '../support/accounts';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { photoFile } from '../support/fixtures';
import { E2E_GEOCODER_OUTAGE } from '../support/geocoder';
import { bottomBarLink, Journey, requireScreen, toast, waitForPath } from '../support/journey';

/**
 * Journey 3 (issue 8): an owner publishes a listing with three photos (the progress shows), placed from its address
 * after the address service failed once (publishing waits until the owner placed it), the pin dragged and put back
 * (issue 21), sees where it sits with « Corriger » on the listing and in « Mes annonces », changes its price, and
 * deletes it after the confirmation.
 */

/** The element's box once it has stopped moving (the map flies to a found address). */
async function settledBox(locator: Locator) {
  let previous = await locator.boundingBox();
  for (let i = 0; i < 40; i++) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const box = await locator.boundingBox();
    if (box && previous && box.x === previous.x && box.y === previous.y) return box;
    previous = box;
  }
  throw new Error('the element kept moving');
}
describe.each(VIEWPORTS)('journey 3: owner listing ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should publish a listing with three photos, change its price and delete it after confirming', async () => {
    const journey = new Journey(browser, 'owner-listing', viewport);
    const owner = newAccount('bailleur');
    await registerByApi(owner, { isLandlord: true });
    const title = `Deux-pièces lumineux (${viewport.name})`;
    const photos = await Promise.all([
      photoFile('salon.jpg', 20),
      photoFile('chambre.jpg', 140),
      photoFile('cuisine.jpg', 260),
    ]);
    await journey.run(async () => {
      const page = await journey.newPage('owner');
      await loginViaUi(page, owner.username, owner.password);

      await bottomBarLink(page, 'Mes annonces').click();
      await waitForPath(page, '/my-properties');
      await requireScreen(page, 'Mes annonces (/my-properties)', page.getByText('Aucune annonce'));
      await journey.checkpoint(page, 'my-properties-empty');
      await page.getByRole('link', { name: 'Ajouter un bien' }).first().click();
      await waitForPath(page, '/add-property');
      await page.getByRole('heading', { level: 1, name: 'Ajouter un bien' }).waitFor();
      await requireScreen(
        page,
        'Ajouter un bien (/add-property)',
        page.getByRole('button', { name: "Publier l'annonce" }),
      );
      // The form prefills the coordinates from the current position.
      const latitude = await page.getByLabel('Latitude', { exact: true }).elementHandle();
      await page.waitForFunction((input) => (input as HTMLInputElement).value !== '', latitude);
      await latitude!.dispose();
      await journey.checkpoint(page, 'add-property');

      // A listing needs at least one photo.
      await page.getByRole('button', { name: "Publier l'annonce" }).click();
      await page.getByText('Vous devez télécharger au moins une photo').waitFor();

      await page.getByLabel('Titre', { exact: true }).fill(title);
      await page
        .getByLabel('Description', { exact: true })
        .fill('Au 3e étage avec ascenseur, séjour plein sud.\nCuisine équipée, cave, proche du métro.');
      await page.getByLabel('Type de bien', { exact: true }).selectOption('apartment');
      await page.getByRole('radio', { name: 'Location' }).check();
      await page.getByLabel('Prix (€/mois)', { exact: true }).fill('1450');
      await page.getByLabel('Surface (m²)', { exact: true }).fill('48');
      await page.getByLabel('Nombre de pièces', { exact: true }).fill('2');
      await page.getByLabel('Chambres', { exact: true }).fill('1');
      await page.getByLabel('Salles de bain', { exact: true }).fill('1');
      await page.getByLabel('Étage', { exact: true }).fill('3ème');
      // The address service down: a French message that sends the owner to the map, the form kept.
      await page.getByLabel('Adresse', { exact: true }).fill(`1 ${E2E_GEOCODER_OUTAGE}`);
      await page.getByRole('button', { name: "Trouver l'adresse" }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: "Le service d'adresses est injoignable : placez le bien sur la carte." })
        .waitFor();
      expect(await page.getByLabel('Titre', { exact: true }).inputValue()).toBe(title);
      // The pin is still where the device put it, not where the owner placed the listing: publishing asks for that.
      const notPlaced = page
        .getByRole('alert')
        .filter({ hasText: 'Placez le bien sur la carte : trouvez son adresse' });
      await page.getByRole('button', { name: "Publier l'annonce" }).click();
      await notPlaced.waitFor();
      await journey.checkpoint(page, 'not-placed', notPlaced);
      await page.getByLabel('Adresse', { exact: true }).fill('12 rue des Martyrs');
      await page.getByLabel('Ville', { exact: true }).fill('Paris');
      await page.getByLabel('Code postal', { exact: true }).fill('75009');
      // The address places the pin (the journeys' geocoder, support/geocoder.ts); the coordinates follow.
      await page.getByRole('button', { name: "Trouver l'adresse" }).click();
      await page
        .getByRole('group', { name: 'Adresses trouvées' })
        .getByRole('radio', { name: '12 Rue des Martyrs 75009 Paris' })
        .waitFor();
      await notPlaced.waitFor({ state: 'detached' });
      await page.getByText('Coordonnées (avancé)').click();
      const latitudeInput = page.getByLabel('Latitude', { exact: true });
      const longitudeInput = page.getByLabel('Longitude', { exact: true });
      expect(await latitudeInput.inputValue()).toBe('48.8784');
      expect(await longitudeInput.inputValue()).toBe('2.3405');
      // The owner drags the pin to the east: the coordinates follow it.
      const placement = page.getByRole('region', { name: /Carte de placement du bien/ });
      const pin = placement.getByLabel('Repère', { exact: true });
      await pin.scrollIntoViewIfNeeded();
      const settled = await settledBox(pin);
      const from = { x: settled.x + settled.width / 2, y: settled.y + settled.height - 6 };
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + 60, from.y, { steps: 10 });
      await page.mouse.up();
      await page.waitForFunction(
        (input) => Number((input as HTMLInputElement).value) > 2.3405,
        await longitudeInput.elementHandle(),
      );
      expect(Math.abs(Number(await latitudeInput.inputValue()) - 48.8784)).toBeLessThan(0.0005);
      await journey.checkpoint(page, 'pin-dragged');
      // Typed coordinates move the pin back onto the address (the rest of the journey uses this point).
      await latitudeInput.fill('48.8784');
      await longitudeInput.fill('2.3405');
      // The legal mentions (docs/decisions.md « Legal mentions on listings »): an F rental in Paris, rent-controlled.
      await page.getByLabel('DPE : classe énergie', { exact: true }).selectOption('F');
      await page.getByLabel('GES : classe climat', { exact: true }).selectOption('D');
      await page.getByLabel("Dépenses d'énergie minimum (€/an)", { exact: true }).fill('1480');
      await page.getByLabel("Dépenses d'énergie maximum (€/an)", { exact: true }).fill('2040');
      await page.getByLabel("Année de référence des prix de l'énergie", { exact: true }).fill('2024');
      await page.getByLabel('Dont charges (€/mois)', { exact: true }).fill('150');
      await page.getByLabel('Règlement des charges', { exact: true }).selectOption('provision');
      await page.getByLabel('Dépôt de garantie (€)', { exact: true }).fill('1300');
      await page.getByRole('radio', { name: 'Non meublé' }).check();
      await page.getByLabel('Loyer de base (€/mois)', { exact: true }).fill('1300');
      await page.getByLabel('Loyer de référence majoré (€/mois)', { exact: true }).fill('1382.40');
      await page.getByRole('radio', { name: 'Particulier' }).check();
      await page.getByRole('note').filter({ hasText: 'pratique commerciale trompeuse' }).waitFor();
      await page.getByRole('checkbox', { name: 'Ascenseur' }).check();
      await page.getByRole('checkbox', { name: 'Cave' }).check();
      await page.getByLabel('Nom', { exact: true }).fill(`${owner.firstName} ${owner.lastName}`);
      await page.getByLabel('E-mail', { exact: true }).fill(owner.email);
      await page.getByLabel('Téléphone', { exact: true }).fill('06 12 34 56 78');

      // Three photos through a slow uplink: the progress bar shows while they upload.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 400 * 1024,
      });
      // Among them a document and a 20×20 thumbnail: both named with their reason, the three photos kept.
      const notAPhoto = { name: 'plan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };
      const tiny = await photoFile('vignette.jpg', 300, 20, 20);
      await page
        .getByLabel('Ajouter des photos', { exact: true })
        .setInputFiles([photos[0], notAPhoto, ...photos.slice(1), tiny]);
      const progress = page.getByRole('progressbar');
      await progress.waitFor();
      await page.getByText(/Envoi des photos… \d+ %/).waitFor();
      await journey.checkpoint(page, 'photos-uploading');
      await toast(page, 'Images téléchargées').waitFor({ timeout: 60_000 });
      await toast(page, '3 image(s) téléchargée(s) avec succès.').waitFor();
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.detach();
      await progress.waitFor({ state: 'detached' });
      const thumbnails = page.getByRole('list', { name: "Photos de l'annonce" }).getByRole('img');
      await thumbnails.nth(2).waitFor();
      expect(await thumbnails.count()).toBe(3);
      const refused = page.getByRole('list', { name: 'Photos refusées' });
      expect(await refused.getByRole('listitem').allInnerTexts()).toEqual([
        "plan.pdf : Ce fichier n'est pas une image reconnue.",
        'vignette.jpg : Photo trop petite : 300 pixels au moins de large comme de haut.',
      ]);
      await journey.checkpoint(page, 'photos-uploaded');

      await page.getByRole('button', { name: "Publier l'annonce" }).click();
      await toast(page, 'Bien immobilier ajouté').waitFor();
      await toast(page, 'Votre bien a été ajouté avec succès.').waitFor();
      // The owner lands on the new listing, with the edit link instead of « Message » to themselves.
      await waitForPath(page, /^\/property\/\d+$/);
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
      await page.getByRole('link', { name: "Modifier l'annonce" }).waitFor();
      // Where it sits, with the way to move it.
      const located = page.getByRole('region', { name: 'Localisation' });
      // The screen opens at the top and the map loads as its box nears the viewport: scroll down to it, as a reader.
      await located.scrollIntoViewIfNeeded();
      await located.getByRole('region', { name: /Carte de la localisation du bien/ }).waitFor();
      expect(await located.getByRole('link', { name: "Corriger l'emplacement" }).getAttribute('href')).toMatch(
        /^\/add-property\?edit=\d+#emplacement$/,
      );
      // The mentions of an F rental in Paris, word for word.
      for (const mention of [
        /^1\s450 € par mois charges comprises$/,
        /^dont 150 € de charges \(provision avec régularisation annuelle\)$/,
        /^Dépôt de garantie : 1\s300 €$/,
        /^Non meublé$/,
        /^Paris 9e$/,
        /^Zone soumise à encadrement des loyers$/,
        /^loyer de référence majoré \(loyer de base à ne pas dépasser\) : 1\s382,40 €$/,
        /^loyer de base : 1\s300 €$/,
        /^Logement à consommation énergétique excessive : classe F\.$/,
        /^Particulier$/,
      ])
        await page.getByText(mention).first().waitFor();
      await page
        .getByText(
          /^Montant estimé des dépenses annuelles d'énergie pour un usage standard : entre 1\s480 € et 2\s040 € par an/,
        )
        .waitFor();
      await page.getByText(/Prix moyens des énergies indexés au 1er janvier 2024 \(abonnements compris\)/).waitFor();
      await page
        .getByText(
          'Les informations sur les risques auxquels ce bien est exposé sont disponibles sur le site Géorisques : www.georisques.gouv.fr',
        )
        .waitFor();
      await journey.checkpoint(page, 'listing-legal-mentions');

      // The listing in "Mes annonces", then a new price.
      await bottomBarLink(page, 'Mes annonces').click();
      await waitForPath(page, '/my-properties');
      const card = page.getByRole('article', { name: title });
      await card.getByText(/1\s?450\s?€\/mois/).waitFor();
      await card.getByText('Emplacement sur la carte').click();
      await card.getByRole('region', { name: /Carte de la localisation du bien/ }).waitFor();
      await card.getByRole('link', { name: `Corriger l'emplacement de ${title}` }).waitFor();
      await journey.checkpoint(page, 'my-properties-published', card);
      await card.getByRole('link', { name: `Modifier ${title}` }).click();
      await waitForPath(page, /^\/add-property\?edit=\d+$/);
      await page.getByRole('heading', { level: 1, name: 'Modifier le bien' }).waitFor();
      const price = page.getByLabel('Prix (€/mois)', { exact: true });
      await price.waitFor();
      expect(await price.inputValue()).toMatch(/^1450(\.0+)?$/);
      await journey.checkpoint(page, 'edit-property');
      await price.fill('1390');
      // In a rent-control zone the all-in rent is the base rent plus the charges; the deposit at most one month of rent.
      await page.getByLabel('Loyer de base (€/mois)', { exact: true }).fill('1240');
      await page.getByLabel('Dépôt de garantie (€)', { exact: true }).fill('1240');
      await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
      await toast(page, 'Bien immobilier modifié').waitFor();
      await waitForPath(page, '/my-properties');
      await card.getByText(/1\s?390\s?€\/mois/).waitFor();

      // Deletion, after the confirmation of an irreversible action. On a phone the card's last buttons sit where the
      // toasts show: as a user would, let them go first (the pointer moved off them: hovering a toast pauses it).
      await page.mouse.move(5, 5);
      await page.waitForFunction(() => !document.querySelector('.toaster li[data-state="open"]'), null, {
        timeout: 15_000,
      });
      await card.getByRole('button', { name: `Supprimer ${title}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Supprimer cette annonce ?' });
      await confirm.getByText(/Cette action est irréversible\./).waitFor();
      await journey.checkpoint(page, 'delete-confirmation', confirm);
      await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
      await toast(page, 'Propriété supprimée').waitFor();
      await card.waitFor({ state: 'detached' });
      await page.getByText('Aucune annonce').waitFor();
      await journey.checkpoint(page, 'my-properties-after-delete');
    });
  });
});
