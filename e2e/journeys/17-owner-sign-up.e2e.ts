import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { newAccount } from '../support/accounts';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { Journey, toast, waitForPath } from '../support/journey';

/**
 * Journey 17: a new owner signs up with « Je suis propriétaire… » and lands on « Ajouter un bien »; in Profil →
 * Documents a 12 MB file is refused beside the field before any upload, and stays the reason given on submit.
 */
describe.each(VIEWPORTS)('journey 17: owner sign-up and documents ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should open « Ajouter un bien » after an owner sign-up, and refuse a 12 MB document beside its field', async () => {
    const journey = new Journey(browser, 'owner-sign-up', viewport);
    const owner = newAccount('proprio');
    await journey.run(async () => {
      const page = await journey.newPage('owner');

      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Inscription' }).click();
      await page.getByLabel("Nom d'utilisateur", { exact: true }).fill(owner.username);
      await page.getByLabel('E-mail', { exact: true }).fill(owner.email);
      await page.getByLabel('Mot de passe', { exact: true }).fill(owner.password);
      await page.getByLabel('Prénom', { exact: true }).fill(owner.firstName);
      await page.getByLabel('Nom', { exact: true }).fill(owner.lastName);
      const box = page.getByRole('checkbox', { name: 'Je suis propriétaire et souhaite publier des annonces' });
      await box.check();
      await page.getByText("Votre compte s'ouvrira sur « Ajouter un bien »", { exact: false }).waitFor();
      await journey.checkpoint(page, 'register-owner', box);
      await page.getByRole('button', { name: "S'inscrire" }).click();
      await toast(page, 'Inscription réussie').waitFor();
      await waitForPath(page, '/add-property');
      await journey.checkpoint(
        page,
        'add-property-after-sign-up',
        page.getByRole('heading', { level: 1, name: 'Ajouter un bien' }),
      );

      // Profil → Documents: a file over 10 Mo.
      await page.goto('/profile?tab=documents');
      await page.getByRole('button', { name: 'Ajouter un document' }).click();
      const file = page.getByLabel('Fichier', { exact: true });
      await file.setInputFiles({
        name: 'bail-complet.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.alloc(12 * 1024 * 1024, 0x20),
      });
      await page.getByText('Fichier trop volumineux', { exact: true }).waitFor();
      expect(await file.getAttribute('aria-invalid')).toBe('true');
      await page.getByRole('button', { name: 'Ajouter le document' }).click();
      await page.getByText('Le titre est requis').waitFor();
      await journey.checkpoint(page, 'document-too-large', file);
      expect(await page.getByText('Fichier trop volumineux', { exact: true }).count()).toBe(1);
      expect(await page.getByText('Le fichier est requis').count()).toBe(0);
      expect(await page.getByText('Erreur de téléchargement').count()).toBe(0);
    });
  });
});
