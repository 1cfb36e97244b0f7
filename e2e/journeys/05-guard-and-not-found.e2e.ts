import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { DEMO_TENANT, loginViaUi } from '../support/accounts';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { Journey, waitForPath } from '../support/journey';

/**
 * Journey 5 (issue 8): the route guard (signed-out visitors of a signed-in page go to /auth, then back after login)
 * and the not-found page of an unknown path, and of a panel's unknown reference (/p/{ref}), which the dashboard's
 * reference field answers with « Référence inconnue ».
 */
describe.each(VIEWPORTS)('journey 5: route guard and 404 ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should show the 404 page on an unknown path, send a signed-out visitor to /auth and back after login', async () => {
    const journey = new Journey(browser, 'guard-404', viewport);
    await journey.run(async () => {
      const page = await journey.newPage();

      await page.goto('/une-adresse-inconnue');
      await journey.checkpoint(page, 'not-found', page.getByRole('heading', { level: 1, name: '404 Page Not Found' }));
      await page.getByText('Did you forget to add the page to the router?').waitFor();
      await page.getByText("Cette page n'existe pas.").waitFor();

      // A panel's QR code with an unknown reference (Crockford base32, 6 characters): the same not-found screen.
      const panel = await page.goto('/p/ZZZZZZ');
      expect(panel?.status()).toBe(404);
      await journey.checkpoint(
        page,
        'panel-not-found',
        page.getByRole('heading', { level: 1, name: '404 Page Not Found' }),
      );
      expect(new URL(page.url()).pathname).toBe('/p/ZZZZZZ');
      await page.getByText("Cette page n'existe pas.").waitFor();
      await page.getByRole('link', { name: "Retour à l'accueil" }).click();
      await waitForPath(page, '/dashboard');
      await journey.checkpoint(page, 'dashboard-signed-out', page.getByRole('heading', { level: 1, name: 'Accueil' }));

      // The same unknown reference typed on the dashboard: said beside the field, the app is not left.
      const refField = page.getByRole('textbox', { name: "Référence d'un panneau" });
      await refField.fill('zzzzzz');
      await page.getByRole('button', { name: "Voir l'annonce" }).click();
      await journey.checkpoint(page, 'panel-ref-unknown', page.getByText('Référence inconnue', { exact: true }));
      expect(await refField.getAttribute('aria-invalid')).toBe('true');
      expect(new URL(page.url()).pathname).toBe('/dashboard');

      // "Mes annonces" sends signed-out visitors to /auth: the server answers 302, the screen kept in the query.
      await page.goto('/my-properties');
      await waitForPath(page, '/auth?retour=%2Fmy-properties');
      await journey.checkpoint(page, 'auth', page.getByRole('tab', { name: 'Connexion', selected: true }));

      await loginViaUi(page, DEMO_TENANT.username, DEMO_TENANT.password);
      await waitForPath(page, '/my-properties');
      await journey.checkpoint(
        page,
        'my-properties-after-login',
        page.getByRole('heading', { level: 1, name: 'Mes annonces' }),
      );
    });
  });
});
