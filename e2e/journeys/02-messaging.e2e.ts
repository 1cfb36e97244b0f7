import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { DEMO_OWNER, loginViaUi, newAccount, registerByApi } from '../support/accounts';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { pdfFile } from '../support/fixtures';
import {
  escapeRegExp,
  expectSameDocument,
  Journey,
  markDocument,
  requireScreen,
  toast,
  waitForPath,
} from '../support/journey';

/**
 * Journey 2 (issue 8): the tenant messages the owner from the listing and attaches a payslip created
 * in the dialog; the owner, in a second browser context, sees the conversation appear live with its
 * unread badge, opens the document and replies; the tenant sees the reply live.
 */
describe.each(VIEWPORTS)('journey 2: messaging ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should carry a message with a payslip to the owner and the reply back, live on both sides', async () => {
    const journey = new Journey(browser, 'messaging', viewport);
    const tenant = newAccount('candidat');
    await registerByApi(tenant);
    const tenantName = `${tenant.firstName} ${tenant.lastName}`;
    const payslipTitle = `Bulletin de salaire ${viewport.name}`;
    await journey.run(async () => {
      // The owner signs in first and keeps "Messages" open.
      const owner = await journey.newPage('owner');
      await loginViaUi(owner, DEMO_OWNER.username, DEMO_OWNER.password);
      const listings = await owner.request.get('/api/properties/user');
      expect(listings.status()).toBe(200);
      const [listing] = (await listings.json()) as { id: number | string; title: string }[];
      expect(listing).toBeDefined();
      await owner.goto('/messages');
      await owner.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
      await requireScreen(owner, 'Messages (/messages)', owner.getByRole('search'));
      await journey.checkpoint(owner, 'owner-messages-before');
      await markDocument(owner);

      // The tenant opens one of the owner's listings and starts a conversation.
      const page = await journey.newPage('tenant');
      await loginViaUi(page, tenant.username, tenant.password);
      await page.goto(`/property/${listing.id}`);
      await page.getByRole('heading', { level: 2, name: listing.title }).waitFor();
      await page.getByRole('button', { name: 'Message', exact: true }).click();
      await toast(page, 'Conversation créée').waitFor();
      await waitForPath(page, /^\/messages\/\d+$/);
      await requireScreen(page, 'the conversation (/messages/{id})', page.getByText('Commencez la conversation'));
      await page.getByRole('heading', { level: 1, name: DEMO_OWNER.displayName }).waitFor();
      await page.getByRole('link', { name: listing.title }).waitFor();
      await journey.checkpoint(page, 'tenant-conversation-empty');
      await markDocument(page);

      // The payslip is created in the attach dialog and selected at once.
      await page.getByRole('button', { name: 'Joindre des documents' }).click();
      const dialog = page.getByRole('dialog', { name: 'Joindre des documents' });
      await dialog.waitFor();
      await expect(dialog.getByRole('button', { name: 'Joindre', exact: true }).isDisabled()).resolves.toBe(true);
      await dialog.getByRole('button', { name: 'Ajouter un document' }).click();
      await dialog.getByLabel('Titre', { exact: true }).fill(payslipTitle);
      await dialog
        .getByLabel('Fichier', { exact: true })
        .setInputFiles(pdfFile('bulletin-de-salaire.pdf', payslipTitle));
      await dialog.getByText('Fichier prêt : bulletin-de-salaire.pdf').waitFor();
      await journey.checkpoint(page, 'tenant-attach-dialog');
      await dialog.getByRole('button', { name: 'Ajouter le document' }).click();
      await toast(page, 'Document ajouté').waitFor();
      await toast(page, "Votre document a été ajouté et sélectionné pour l'envoi.").waitFor();
      await dialog.getByRole('checkbox', { name: new RegExp(escapeRegExp(payslipTitle)), checked: true }).waitFor();
      await dialog.getByRole('button', { name: 'Joindre', exact: true }).click();
      await toast(page, 'Documents sélectionnés').waitFor();
      // The toast stacks above the composer: « Envoyer » stays in reach while it shows.
      const sendButton = await page.getByRole('button', { name: 'Envoyer', exact: true }).boundingBox();
      const toastBox = await page
        .getByRole('region', { name: 'Notifications' })
        .getByRole('status')
        .filter({ hasText: 'Documents sélectionnés' })
        .boundingBox();
      expect(sendButton && toastBox && toastBox.y + toastBox.height <= sendButton.y).toBe(true);
      await toast(page, '1 document(s) prêt(s) à être envoyé(s)').waitFor();
      await page.getByRole('list', { name: 'Documents joints' }).getByText(payslipTitle).waitFor();

      const question = 'Bonjour, le logement est-il toujours disponible ? Je joins mon bulletin de salaire.';
      await page.getByLabel('Votre message').fill(question);
      await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
      const thread = page.getByRole('list', { name: 'Messages' });
      await thread.getByText(question).waitFor();
      await thread.getByRole('link', { name: new RegExp(escapeRegExp(payslipTitle)) }).waitFor();
      await journey.checkpoint(page, 'tenant-message-sent');

      // The owner's list shows the conversation live, with its unread badge.
      const row = owner.getByRole('link', {
        name: new RegExp(`${escapeRegExp(tenantName)}.*${escapeRegExp(listing.title)}`),
      });
      await row.waitFor();
      await row.getByText('1 message(s) non lu(s)').waitFor();
      await expectSameDocument(owner);
      await journey.checkpoint(owner, 'owner-messages-unread');

      // The owner opens it, opens the payslip and replies.
      await row.click();
      await waitForPath(owner, /^\/messages\/\d+$/);
      await owner.getByRole('heading', { level: 1, name: tenantName }).waitFor();
      const ownerThread = owner.getByRole('list', { name: 'Messages' });
      await ownerThread.getByText(question).waitFor();
      const documentLink = ownerThread.getByRole('link', { name: new RegExp(escapeRegExp(payslipTitle)) });
      await journey.checkpoint(owner, 'owner-conversation', documentLink);
      const href = await documentLink.getAttribute('href');
      expect(href).toMatch(/^\/api\/tenant-files\/\d+\/download/);
      const download = await owner.request.get(href!);
      expect(download.status()).toBe(200);
      expect((await download.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // target=_blank: a new tab, which Chromium turns into a download for a PDF (no viewer headless).
      const served = owner.context().waitForEvent('response', (r) => r.url().includes(href!));
      await documentLink.click();
      expect((await served).status()).toBe(200);
      for (const other of owner.context().pages()) if (other !== owner) await other.close().catch(() => undefined);

      const reply = 'Merci, votre dossier est bien reçu. Quand souhaitez-vous visiter ?';
      await owner.getByLabel('Votre message').fill(reply);
      await owner.getByLabel('Votre message').press('Enter');
      await ownerThread.getByText(reply).waitFor();

      // The tenant sees the reply without reloading.
      await thread.getByText(reply).waitFor();
      await expectSameDocument(page);
      await journey.checkpoint(page, 'tenant-reply-received');
    });
  });
});
