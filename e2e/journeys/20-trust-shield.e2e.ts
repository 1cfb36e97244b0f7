import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MODERATION_MSG, REPORT_REASON_LABELS } from '@flaneur/schema';
import type { Browser } from 'playwright-core';
import { loginViaUi, newAccount, registerByApi } from '../support/accounts';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { Journey, requireScreen, toast, waitForPath } from '../support/journey';
import { ownerWithListing } from '../support/listings';

/**
 * Journey 20 (issue 37): a tenant reports a listing from the end of its page, writes to its owner, who answers asking
 * for a coupon before any visit; the tenant's conversation shows the calm warning and reports the conversation. Each
 * dialog is checked at the viewport (no sideways overflow, its buttons in reach).
 */
describe.each(VIEWPORTS)('journey 20: trust shield ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should report a listing, warn the tenant in the conversation and report it too', async () => {
    const journey = new Journey(browser, 'trust-shield', viewport);
    const title = `Studio meublé à saisir ${viewport.name}`;
    const { owner, id } = await ownerWithListing('faussebailleur', {
      listing: {
        title,
        description: 'Studio meublé, libre de suite, charges comprises.',
        price: 390,
        isRental: true,
        size: 28,
        bedrooms: 1,
        bathrooms: 1,
        address: '3 rue de la Paix',
        city: 'Lyon',
        postalCode: '69002',
        type: 'apartment',
      },
      near: { latitude: 45.7, longitude: 4.8 },
      spread: 0.05,
      photoHue: 30,
    });
    const tenant = newAccount('prudent');
    await registerByApi(tenant);

    await journey.run(async () => {
      const page = await journey.newPage('tenant');
      await loginViaUi(page, tenant.username, tenant.password);
      await page.goto(`/property/${id}`);
      await page.getByRole('heading', { level: 2, name: title }).waitFor();

      // « Signaler l'annonce », at the end of the page.
      const report = page.getByRole('button', { name: "Signaler l'annonce" });
      await report.scrollIntoViewIfNeeded();
      await report.click();
      const dialog = page.getByRole('dialog', { name: "Signaler l'annonce" });
      await journey.checkpoint(page, 'report-listing-dialog', dialog);
      await dialog.getByRole('radio', { name: REPORT_REASON_LABELS.arnaque }).check();
      await dialog.getByLabel('Commentaire (facultatif)').fill('Loyer bien trop bas pour le quartier.');
      const send = dialog.getByRole('button', { name: 'Envoyer le signalement' });
      await send.scrollIntoViewIfNeeded();
      // The dialog's buttons stay in reach: inside the viewport, not clipped.
      const screenSize = page.viewportSize()!;
      const box = (await send.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(screenSize.width);
      expect(box.y + box.height).toBeLessThanOrEqual(screenSize.height);
      await send.click();
      await journey.checkpoint(page, 'report-listing-sent', dialog.getByText(MODERATION_MSG.reportReceived));
      await dialog.getByRole('button', { name: 'Terminé' }).click();

      // A second report of the same listing: the server's French answer, in the dialog.
      await report.click();
      await dialog.getByRole('radio', { name: REPORT_REASON_LABELS.doublon }).check();
      await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
      await dialog.getByRole('alert').getByText(MODERATION_MSG.reportDuplicate).waitFor();
      await dialog.getByRole('button', { name: 'Annuler' }).click();

      // The tenant writes; the owner answers asking for a coupon before any visit.
      await page.getByRole('button', { name: 'Message', exact: true }).click();
      await toast(page, 'Conversation créée').waitFor();
      await waitForPath(page, /^\/messages\/\d+$/);
      const conversationId = new URL(page.url()).pathname.split('/').at(-1)!;
      await requireScreen(page, 'the conversation (/messages/{id})', page.getByText('Commencez la conversation'));

      const ownerPage = await journey.newPage('owner');
      await loginViaUi(ownerPage, owner.username, owner.password);
      const sent = await ownerPage.request.post(`/api/conversations/${conversationId}/messages`, {
        data: { content: 'Pour réserver avant la visite, envoyez un coupon PCS de 300 €.' },
      });
      expect(sent.status()).toBe(201);

      await page.reload();
      const warning = page.getByRole('complementary', { name: 'Conseil de prudence' });
      await journey.checkpoint(page, 'conversation-warning', warning);
      await warning.getByText(MODERATION_MSG.scamWarning).waitFor();
      await warning.getByRole('button', { name: 'Signaler la conversation' }).click();
      const conversationDialog = page.getByRole('dialog', { name: 'Signaler la conversation' });
      await journey.checkpoint(page, 'report-conversation-dialog', conversationDialog);
      await conversationDialog.getByRole('radio', { name: REPORT_REASON_LABELS.arnaque }).check();
      await conversationDialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
      await conversationDialog.getByText(MODERATION_MSG.reportReceived).waitFor();
    });
  });
});
