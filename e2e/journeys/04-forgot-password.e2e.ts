import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { loginViaUi, newAccount, registerByApi } from '../support/accounts';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { Journey, toast, waitForPath } from '../support/journey';
import { waitForLink } from '../support/outbox';

/**
 * Journey 4 (issue 8): sign-up's field rules; forgot password → the e-mailed link → reset → sign in with the new
 * password.
 */
describe.each(VIEWPORTS)('journey 4: password reset ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should reset the password from the outbox link and sign in with the new one', async () => {
    const journey = new Journey(browser, 'password-reset', viewport);
    const account = newAccount('reset');
    await registerByApi(account);
    const newPassword = 'nouveau-mot-de-passe-2';
    await journey.run(async () => {
      const page = await journey.newPage();

      await page.goto('/auth');
      await journey.checkpoint(page, 'auth-login', page.getByRole('tab', { name: 'Connexion', selected: true }));

      // Sign-up says the profile's phone and postal code rules, and the one rule of a new password (8 characters).
      await page.getByRole('tab', { name: 'Inscription' }).click();
      await page.getByLabel('Mot de passe', { exact: true }).fill('1234567');
      await page.getByLabel('Téléphone', { exact: true }).fill('abc😀');
      await page.getByLabel('Code postal', { exact: true }).fill('-75001999');
      await page.getByRole('button', { name: "S'inscrire" }).click();
      await page.getByText('Le mot de passe doit contenir au moins 8 caractères').waitFor();
      await page.getByText('Le numéro de téléphone doit être un numéro français', { exact: false }).waitFor();
      await page.getByText('Le code postal doit contenir 5 chiffres').waitFor();
      await journey.checkpoint(page, 'register-invalid');
      await page.getByRole('tab', { name: 'Connexion' }).click();

      await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
      await journey.checkpoint(page, 'forgot', page.getByRole('heading', { name: 'Mot de passe oublié' }));

      await page.getByLabel('E-mail', { exact: true }).fill(account.email);
      await page.getByRole('button', { name: 'Envoyer le lien' }).click();
      await toast(page, 'Email envoyé').waitFor();
      await page.getByText('Vérifiez votre boîte de réception').waitFor();
      await page
        .getByText('Si un compte correspond à cet email, un lien de réinitialisation vous a été envoyé.')
        .first()
        .waitFor();
      await journey.checkpoint(page, 'forgot-sent');

      const link = await waitForLink(account.email, '/auth?token=');
      await page.goto(link);
      await journey.checkpoint(page, 'reset', page.getByRole('heading', { name: 'Réinitialisation du mot de passe' }));

      // The new password needs at least 8 characters, and the confirmation must match.
      await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('court');
      await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill('autre');
      await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
      await page.getByText('Le mot de passe doit contenir au moins 8 caractères').waitFor();
      await page.getByText('Les mots de passe ne correspondent pas').waitFor();
      await journey.checkpoint(page, 'reset-invalid');

      await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
      await toast(page, 'Mot de passe réinitialisé').waitFor();
      // After a successful reset, back to the login view after 2 seconds.
      await page.getByRole('tab', { name: 'Connexion', selected: true }).waitFor({ timeout: 5_000 });
      await waitForPath(page, '/auth');

      // The old password no longer opens the account.
      await page.getByLabel("Nom d'utilisateur ou e-mail", { exact: true }).fill(account.username);
      await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await toast(page, 'Échec de la connexion').waitFor();
      await toast(page, 'Identifiant ou mot de passe incorrect').waitFor();
      await journey.checkpoint(page, 'login-old-password-refused');

      await loginViaUi(page, account.username, newPassword);
      await toast(page, `Bienvenue, ${account.username} !`).waitFor();
      await waitForPath(page, '/dashboard');
      await journey.checkpoint(page, 'dashboard-signed-in', page.getByRole('heading', { level: 1, name: 'Accueil' }));

      // Back from the home never shows the reset form again; the used link, opened again, says at once that it
      // no longer works (no form to fill in vain).
      await page.goBack();
      await waitForPath(page, '/dashboard');
      await page.goto(link);
      const expired = page
        .getByRole('alert')
        .filter({ hasText: 'Ce lien de réinitialisation a expiré ou a déjà été utilisé.' });
      await journey.checkpoint(page, 'reset-link-used', expired);
      expect(await page.getByLabel('Nouveau mot de passe', { exact: true }).count()).toBe(0);
    });
  });
});
