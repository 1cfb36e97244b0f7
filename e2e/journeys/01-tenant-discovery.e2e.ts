import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { newAccount } from '../support/accounts';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { waitForLink } from '../support/outbox';
import {
  bottomBarLink,
  escapeRegExp,
  expectSameDocument,
  Journey,
  markDocument,
  requireScreen,
  toast,
  waitForPath,
} from '../support/journey';

/**
 * Journey 1 (issue 8): a tenant registers, sets search criteria, simulates a discovery and sees it on
 * the dashboard without reloading, opens Découvertes in list and map views, opens the listing, adds
 * it to favourites and finds it in /favorites.
 */
describe.each(VIEWPORTS)('journey 1: tenant discovery ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should register, save criteria, see discoveries live, browse them in list and map, and keep a favourite', async () => {
    const journey = new Journey(browser, 'tenant-discovery', viewport);
    const tenant = newAccount('locataire');
    await journey.run(async () => {
      const page = await journey.newPage('tenant');

      // Registration on /auth, confirmed by "Inscription réussie".
      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Inscription' }).click();
      await journey.checkpoint(page, 'register', page.getByRole('tab', { name: 'Inscription', selected: true }));
      await page.getByLabel("Nom d'utilisateur", { exact: true }).fill(tenant.username);
      await page.getByLabel('E-mail', { exact: true }).fill(tenant.email);
      await page.getByLabel('Mot de passe', { exact: true }).fill(tenant.password);
      await page.getByLabel('Prénom', { exact: true }).fill(tenant.firstName);
      await page.getByLabel('Nom', { exact: true }).fill(tenant.lastName);
      await page.getByRole('button', { name: "S'inscrire" }).click();
      await toast(page, 'Inscription réussie').waitFor();
      await toast(page, 'Votre compte a été créé avec succès').waitFor();
      await toast(page, 'E-mail de vérification envoyé').waitFor();
      await waitForPath(page, '/dashboard');
      await page.getByRole('heading', { name: `Bonjour, ${tenant.firstName} ${tenant.lastName}` }).waitFor();
      const criteria = page.getByRole('region', { name: 'Mes critères de recherche' });
      await requireScreen(page, 'the dashboard (search criteria card)', criteria);
      await journey.checkpoint(page, 'dashboard-new-tenant');

      // Search criteria: rentals within 3 km.
      await criteria.getByRole('button', { name: 'Modifier' }).click();
      const dialog = page.getByRole('dialog', { name: 'Critères de recherche' });
      await journey.checkpoint(page, 'criteria-dialog', dialog);
      await dialog.getByRole('radio', { name: 'Location' }).check();
      await dialog.getByRole('slider', { name: 'Rayon de découverte' }).fill('3');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await toast(page, 'Critères enregistrés').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await criteria.getByText('3 km').waitFor();
      await criteria.getByText(/^Location/).waitFor();

      // Simulated discovery: today's count and list update in place (the document is never reloaded).
      const today = page.getByRole('region', { name: "Aujourd'hui" });
      await today.getByText("0 bien découvert aujourd'hui").waitFor();
      await markDocument(page);
      await page.getByRole('button', { name: 'Simuler une découverte' }).click();
      await today.getByText("1 bien découvert aujourd'hui").waitFor();
      const todayList = page.getByRole('region', { name: 'Découvertes du jour' });
      const firstLink = todayList.getByRole('link').first();
      await firstLink.waitFor();
      await expect(firstLink.textContent()).resolves.toMatch(/€\/mois/);
      // A discovery made elsewhere (the server's event, as while walking) arrives by subscription.
      const second = await page.request.get('/api/test/add-history');
      expect(second.status()).toBe(201);
      const discovered = (await second.json()).property as { id: string | number; title: string };
      await today.getByText("2 biens découverts aujourd'hui").waitFor();
      await todayList.getByRole('link', { name: new RegExp(escapeRegExp(discovered.title)) }).waitFor();
      await expectSameDocument(page);
      await journey.checkpoint(page, 'dashboard-discoveries');
      // Each title is read whole on a phone (cut to one line, two listings read as the same « Appartement meubl… »).
      const clipped = await todayList
        .locator('.today-discovery__title')
        .evaluateAll((titles) =>
          titles
            .filter((t) => t.scrollHeight > t.clientHeight + 1 || t.scrollWidth > t.clientWidth + 1)
            .map((t) => t.textContent),
        );
      expect(clipped).toEqual([]);

      // Découvertes, list view.
      await page
        .getByRole('navigation', { name: 'Accès rapides' })
        .getByRole('link', { name: /Découvertes/ })
        .click();
      await waitForPath(page, '/history');
      const listTab = page.getByRole('tab', { name: 'Liste' });
      await requireScreen(page, 'Découvertes (/history)', listTab);
      await page.getByRole('tab', { name: 'Liste', selected: true }).waitFor();
      await page.getByText('2 découvertes', { exact: true }).waitFor();
      await page.getByRole('link', { name: discovered.title, exact: true }).waitFor();
      await journey.checkpoint(page, 'history-list');

      // Every discovery is a rental: the price slider reads rents; a value set keeps the screen 390 px wide.
      const priceMax = page.getByRole('slider', { name: 'Prix maximum' });
      await expect(priceMax.getAttribute('max')).resolves.toBe('5000');
      await priceMax.fill('4000');
      const priceChip = page.getByRole('button', { name: /^Retirer le filtre Jusqu'à 4.000.€\/mois$/ });
      await journey.checkpoint(page, 'history-price-filter', priceChip);
      await priceChip.click();
      await page.getByText('2 découvertes', { exact: true }).waitFor();
      // Sales read in total: the widest values (« 1 200 000 € », « Sans maximum ») fit too.
      await page.getByLabel('Type', { exact: true }).selectOption('Vente');
      await page.getByRole('slider', { name: 'Prix minimum' }).fill('1200000');
      await page.getByRole('slider', { name: 'Prix maximum' }).fill('1490000');
      await journey.checkpoint(
        page,
        'history-sale-price-filter',
        page.getByRole('button', { name: /^Retirer le filtre 1.200.000.€ – 1.490.000.€$/ }),
      );
      await page.getByRole('button', { name: 'Réinitialiser' }).first().click();
      await page.getByText('2 découvertes', { exact: true }).waitFor();

      // Opening a « Nouveau » card and coming back through the bar shows the list again, that card « Déjà vu »
      // (the viewed entry written into the cache once left the list unreadable: a developer error page).
      const cardOf = (title: string) =>
        page.locator('article').filter({ has: page.getByRole('link', { name: title, exact: true }) });
      await cardOf(discovered.title).getByText('Nouveau', { exact: true }).waitFor();
      await page.getByRole('link', { name: discovered.title, exact: true }).click();
      await waitForPath(page, `/property/${discovered.id}`);
      // The whole listing has loaded (not only the card's data): the view is recorded then.
      await page.getByRole('heading', { name: /^Contacter (l'agent|le propriétaire|l'annonceur)$/ }).waitFor();
      await bottomBarLink(page, /^Découvertes/).click();
      await waitForPath(page, '/history');
      await cardOf(discovered.title).getByText('Déjà vu', { exact: true }).waitFor();
      await page.getByText('2 découvertes', { exact: true }).waitFor();
      expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);

      // Découvertes, map view: a price marker per listing, its popup opens the listing.
      await page.getByRole('tab', { name: 'Carte' }).click();
      const map = page.getByRole('region', { name: 'Carte des découvertes' });
      await map.waitFor();
      const marker = map.getByRole('button', { name: new RegExp(`^${escapeRegExp(discovered.title)},`) });
      // Listings too close to tell apart are one « N biens (…) »: a tap on the one holding it zooms in until it shows.
      const holding = map.getByRole('button', {
        name: new RegExp(`^\\d+ biens ici \\(.*${escapeRegExp(discovered.title)}.*\\) : zoomer pour les voir$`),
      });
      // The map groups its markers once loaded: after the checkpoint (screenshot and axe take longer than that).
      await journey.checkpoint(page, 'history-map', marker.or(holding).first());
      for (let tries = 0; tries < 4 && (await holding.count()) > 0; tries++) {
        await holding.first().click();
        await marker.or(holding).first().waitFor();
        await page.waitForTimeout(600);
      }
      await marker.click();
      await map.getByRole('button', { name: 'Voir les détails' }).click();
      await waitForPath(page, `/property/${discovered.id}`);

      // The listing, then favourites.
      await page.getByRole('heading', { level: 1, name: 'Détail du bien' }).waitFor();
      await page.getByRole('heading', { level: 2, name: discovered.title }).waitFor();
      await journey.checkpoint(
        page,
        'property-detail',
        page.getByRole('heading', { name: /^Contacter (l'agent|le propriétaire|l'annonceur)$/ }),
      );
      await page.getByRole('button', { name: 'Ajouter aux favoris' }).click();
      await toast(page, 'Ajouté aux favoris').waitFor();
      await toast(page, 'La propriété a été ajoutée à vos favoris').waitFor();
      await page.getByRole('button', { name: 'Retirer des favoris', pressed: true }).waitFor();
      await journey.checkpoint(page, 'property-favourite');

      await bottomBarLink(page, 'Favoris').click();
      await waitForPath(page, '/favorites');
      await page.getByRole('heading', { level: 1, name: 'Favoris' }).waitFor();
      await page.getByRole('link', { name: discovered.title, exact: true }).waitFor();
      await journey.checkpoint(page, 'favorites');

      // The verification link from the e-mail: the profile says the address is verified; a second click, that it
      // already was.
      const verify = await waitForLink(tenant.email, '/api/verify-email?token=');
      await page.goto(verify);
      await waitForPath(page, '/profile');
      await toast(page, 'Votre adresse e-mail a été vérifiée.').waitFor();
      await journey.checkpoint(page, 'email-verified');
      await page.goto(verify);
      await waitForPath(page, '/profile');
      await toast(page, 'Votre adresse e-mail est déjà vérifiée.').waitFor();
    });
  });
});
