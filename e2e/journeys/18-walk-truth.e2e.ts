import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { loginViaUi, newAccount, registerByApi } from '../support/accounts';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { bottomBarLink, Journey, toast, waitForPath } from '../support/journey';
import { CENTRAL_PARIS_WALK, graphqlResponse } from '../support/walk';

/**
 * Journey 18: what walking tells a new user. The position refused: how to allow it again, then « Réessayer »; the
 * walking radius offered on turning tracking on (500 m instead of the default 2 km), saved before the first fix; a
 * walk that discovers nothing: Découvertes says what it passed, which criterion left it out, and relaxes it.
 */
describe.each(VIEWPORTS)('journey 18: walking tells the truth ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should say how to allow a refused position again, and offer the walking radius before the first fix', async () => {
    const journey = new Journey(browser, 'walk-truth', viewport);
    const tenant = newAccount('marcheur');
    await registerByApi(tenant);
    await journey.run(async () => {
      const page = await journey.newPage('tenant');
      const context = page.context();
      await context.clearPermissions();
      await context.setGeolocation(CENTRAL_PARIS_WALK[0]);
      await loginViaUi(page, tenant.username, tenant.password);
      // A budget no listing fits: the walk will pass listings and discover none.
      const saved = await page.request.post('/api/user/preferences', { data: { searchFilters: { priceMax: 100 } } });
      expect(saved.status()).toBe(200);
      await page.goto('/dashboard');
      const criteria = page.getByRole('region', { name: 'Mes critères de recherche' });
      await criteria.getByText('2 km').waitFor();

      // Turning tracking on: the walking radius is offered, ticked; the phone then refuses the position.
      await page.getByRole('switch', { name: 'Découverte en marchant' }).click();
      const explanation = page.getByRole('dialog', { name: 'Découvrir en marchant' });
      const offer = explanation.getByRole('checkbox', { name: /rayon de 500 m au lieu de 2 km/ });
      expect(await offer.isChecked()).toBe(true);
      await journey.checkpoint(page, 'radius-offered', offer);
      await explanation.getByRole('button', { name: 'Activer le suivi' }).click();
      await toast(page, 'Critères enregistrés').waitFor();
      await criteria.getByText('0,5 km').waitFor();

      const help = page.getByRole('group', { name: 'Accès à votre position refusé' });
      await help.waitFor();
      await help
        .getByText(/autorisez|Autoriser/)
        .first()
        .waitFor();
      expect(await page.getByRole('switch', { name: 'Découverte en marchant' }).getAttribute('aria-checked')).toBe(
        'false',
      );
      await journey.checkpoint(page, 'position-refused', help);

      // Allowed in the site settings, then « Réessayer »: tracking on, the help gone.
      await context.grantPermissions(['geolocation']);
      const first = graphqlResponse(page, 'ReportLocation');
      await help.getByRole('button', { name: 'Réessayer' }).click();
      await first;
      const trackingPill = page.getByRole('status').filter({ hasText: 'Suivi de position actif' });
      await trackingPill.waitFor();
      expect(await help.count()).toBe(0);
      await journey.checkpoint(page, 'tracking-after-retry');

      // A walk through central Paris that finds nothing: Découvertes says what it met, and why.
      for (const point of CENTRAL_PARIS_WALK.slice(1)) {
        const next = graphqlResponse(page, 'ReportLocation');
        await context.setGeolocation(point);
        await next;
      }
      await bottomBarLink(page, /^Découvertes/).click();
      await waitForPath(page, '/history');
      await page.getByRole('heading', { name: 'Aucune découverte' }).waitFor();
      const walked = page.getByRole('group', { name: 'Votre balade' });
      await walked
        .getByText(
          /^Suivi de position actif depuis \d\d:\d\d : \d+ positions reçues, \d+ biens? passés? dans votre rayon de 0,5 km, aucun ne correspond à vos critères\.$/,
        )
        .waitFor();
      await walked.getByText(/^\d+ biens? passés? étai(en)?t au-dessus de votre budget\.$/).waitFor();
      expect(await page.getByText(/Activez la découverte en marchant/).count()).toBe(0);
      await journey.checkpoint(page, 'history-walk-truth', walked);

      // The Explorer's empty result says the same around a place.
      await page.goto('/explorer');
      await page.getByRole('radio', { name: "Autour d'un lieu" }).check({ force: true });
      await page.getByLabel('Adresse, ville ou quartier', { exact: true }).fill('12 rue des Martyrs, Paris');
      await page.getByRole('button', { name: 'Rechercher' }).click();
      await page.getByRole('button', { name: '12 Rue des Martyrs 75009 Paris' }).click();
      const around = page.getByRole('group', { name: 'Autour de ce lieu' });
      await around.getByText(/^\d+ biens? (est publié|sont publiés) à moins de 0,5 km\.$/).waitFor();
      await around.getByText(/^\d+ biens? de ce rayon (est|sont) au-dessus de votre budget\.$/).waitFor();
      await around.getByRole('button', { name: 'Retirer le budget maximum' }).waitFor();
      await journey.checkpoint(page, 'explorer-empty-truth', around);
      await page.goBack();
      await walked.waitFor();

      // One tap relaxes the budget: what was passed now matches.
      await walked.getByRole('button', { name: 'Retirer le budget maximum' }).click();
      await toast(page, 'Critères enregistrés').waitFor();
      await walked.getByText(/\d+ (correspond|correspondent) à vos critères\.$/).waitFor();
      await journey.checkpoint(page, 'history-walk-relaxed', walked);
    });
  });
});
