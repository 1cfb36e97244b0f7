import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { loginViaUi, newAccount, registerByApi } from '../support/accounts';
import { baseUrl, launchBrowser, VIEWPORTS } from '../support/browser';
import { Journey, waitForPath } from '../support/journey';

/** What a script does with a token: asks who it is over GraphQL (the integrator's side, outside the browser). */
async function whoAmI(token: string): Promise<{ status: number; username?: string }> {
  const res = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ me { username } }' }),
  });
  const body = (await res.json().catch(() => null)) as { data?: { me?: { username: string } } } | null;
  return { status: res.status, username: body?.data?.me?.username };
}

/**
 * Journey 14 (integrators): from the developers' guide to Paramètres → « Accès API », a user creates a personal access
 * token with two scopes, sees its secret once, a script uses it, then the user revokes it and the script is refused.
 */
describe.each(VIEWPORTS)('journey 14: an integrator’s access token ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should create a token from the guide, use it from a script, revoke it and see the script refused', async () => {
    const journey = new Journey(browser, 'integrator-token', viewport);
    const account = newAccount('integrateur');
    await registerByApi(account);

    await journey.run(async () => {
      const page = await journey.newPage('integrator');
      await loginViaUi(page, account.username, account.password);

      await page.getByRole('link', { name: 'Développeurs' }).click();
      await waitForPath(page, '/developers');
      await journey.checkpoint(page, 'guide', page.getByRole('heading', { name: "1. Créer un jeton d'accès" }));
      await page.getByRole('link', { name: 'Profil', exact: true }).first().click();
      await waitForPath(page, '/profile');
      await page.getByRole('tab', { name: 'Paramètres' }).click();
      await page.getByRole('button', { name: "Gérer mes jetons d'accès" }).click();
      await page.getByText("Aucun jeton pour l'instant.").waitFor();
      await page.getByRole('button', { name: 'Nouveau jeton' }).click();

      const form = page.getByRole('form', { name: "Nouveau jeton d'accès" });
      await form.getByLabel('Nom du jeton').fill('Mon script');
      await form.getByRole('checkbox', { name: /Lire mon profil/ }).check();
      await form.getByRole('checkbox', { name: /Lire les annonces/ }).check();
      await form.getByLabel('Mot de passe actuel').fill(account.password);
      await journey.checkpoint(page, 'new-token', form);
      await form.getByRole('button', { name: 'Créer le jeton' }).click();

      const secret = page.getByLabel("Jeton d'accès", { exact: true });
      await secret.waitFor();
      await journey.checkpoint(page, 'secret-once', page.getByText('Copiez ce jeton maintenant'));
      const token = (await secret.textContent())?.trim() ?? '';
      expect(token).toMatch(/^flr_/);

      // The script, with the token: it is the user.
      expect(await whoAmI(token)).toEqual({ status: 200, username: account.username });

      await page.getByRole('button', { name: "J'ai copié le jeton" }).click();
      await expect(secret.count()).resolves.toBe(0);
      const list = page.getByRole('list', { name: "Vos jetons d'accès" });
      await list.getByText('Mon script').waitFor();
      await journey.checkpoint(page, 'token-listed', list);

      await list.getByRole('button', { name: 'Révoquer le jeton Mon script' }).click();
      const dialog = page.getByRole('dialog', { name: 'Révoquer ce jeton ?' });
      await journey.checkpoint(page, 'revoke-confirm', dialog);
      await dialog.getByRole('button', { name: 'Révoquer' }).click();
      await page.getByText("Aucun jeton pour l'instant.").waitFor();

      // The same script, refused from the next request on.
      expect((await whoAmI(token)).status).toBe(401);
    });
  });
});
