import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { LISTING_SIGNAL_LABELS, MODERATION_ACTION_VERBS, MODERATION_MSG, REPORT_REASON_LABELS } from '@flaneur/schema';
import type { Browser } from 'playwright-core';
import { loginViaUi, newAccount, registerByApi } from '../support/accounts';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { Journey, requireScreen, toast, waitForPath } from '../support/journey';
import { demoRentalAtMarket, impostorOf, ownerWithListing } from '../support/listings';
import { ROOT, startServer, stopServer, type RunningServer } from '../support/server';

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

/**
 * The moderator's part (issue 37, « Done when »): a fake landlord copies a real listing's photo at half the rent and
 * asks the tenant who writes for a transfer before any visit; the listing is flagged (both signals in the queue), the
 * tenant warned, a moderator hides it, and the tenant's Découvertes no longer show it. The role is granted the only
 * way there is, by the operator command (`npm run user:role -- NAME moderator`) on the stopped gateway's data. So this
 * journey runs on a gateway of its own: started, the future moderator signs up, stopped, the command, started again on
 * the same data (the demo seed's listings, photos and market data). At 390×844 only: two gateway starts are the cost
 * of this journey, the screens are the queue's and its dialog.
 */
describe('journey 20: a moderator hides the fake listing (phone)', () => {
  const viewport = VIEWPORTS.find((v) => v.name === 'mobile') ?? VIEWPORTS[0];
  let browser: Browser;
  let server: RunningServer | undefined;
  const sharedUrl = process.env.E2E_BASE_URL;
  const moderator = newAccount('moderatrice');
  beforeAll(async () => {
    browser = await launchBrowser();
    const first = await startServer(undefined, {}, { log: 'server-20-moderation.log' });
    server = first;
    process.env.E2E_BASE_URL = first.url;
    await registerByApi(moderator);
    await stopServer(first, { keepData: true });
    server = undefined;
    // The operator command, as the operator types it, on the data of the stopped gateway.
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', DATA_DIR: first.dataDir };
    // The embedded database of that folder, whatever the caller's shell holds (as the gateway itself was started).
    delete env.DATABASE_URL;
    const granted = spawnSync('npm', ['run', '--silent', 'user:role', '--', moderator.username, 'moderator'], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    });
    expect({ status: granted.status, stderr: granted.stderr }).toEqual({ status: 0, stderr: '' });
    expect(granted.stdout).toContain(`${moderator.username} (id `);
    server = await startServer(undefined, {}, { dataDir: first.dataDir, log: 'server-20-moderation.log' });
    process.env.E2E_BASE_URL = server.url;
  }, 300_000);
  afterAll(async () => {
    process.env.E2E_BASE_URL = sharedUrl;
    if (server) await stopServer(server);
    await browser?.close();
  });

  it('should flag a copied listing at half the rent, warn the tenant, and let a moderator hide it', async () => {
    const journey = new Journey(browser, 'trust-shield-moderation', viewport);
    const title = `Deux-pièces à prix cassé ${viewport.name}`;
    const real = await demoRentalAtMarket();
    const fake = await impostorOf(real, 'fauxproprio', title);
    expect(fake.rent).toBeLessThanOrEqual(Number(real.price) / 2 + 1);
    const tenant = newAccount('locatairemefiant');
    await registerByApi(tenant);

    await journey.run(async () => {
      // The tenant opens the listing (it joins Découvertes, « Déjà vu ») and writes to its owner.
      const page = await journey.newPage('tenant');
      await loginViaUi(page, tenant.username, tenant.password);
      await page.goto(`/property/${fake.id}`);
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
      await page.getByRole('button', { name: 'Message', exact: true }).click();
      await toast(page, 'Conversation créée').waitFor();
      await waitForPath(page, /^\/messages\/\d+$/);
      const conversationId = new URL(page.url()).pathname.split('/').at(-1)!;

      // The fake landlord asks for a transfer before any visit: the tenant's conversation shows the calm warning.
      const fakePage = await journey.newPage('fake-landlord');
      await loginViaUi(fakePage, fake.owner.username, fake.owner.password);
      const sent = await fakePage.request.post(`/api/conversations/${conversationId}/messages`, {
        data: { content: `Pour bloquer l'appartement, faites un virement de ${fake.rent} € avant la visite.` },
      });
      expect(sent.status()).toBe(201);
      await page.reload();
      const warning = page.getByRole('complementary', { name: 'Conseil de prudence' });
      await warning.getByText(MODERATION_MSG.scamWarning).waitFor();
      await journey.checkpoint(page, 'conversation-transfer-warning', warning);
      const reported = await page.request.post('/api/reports', {
        data: {
          targetType: 'property',
          targetId: fake.id,
          reason: 'arnaque',
          comment: 'Virement demandé avant la visite.',
        },
      });
      expect(reported.status()).toBe(201);
      await page.goto('/history');
      await page.getByRole('heading', { level: 2, name: title }).waitFor();

      // The moderator opens the queue (« File de modération », /moderation): the listing is there with both signals
      // (raised by the jobs queued at publication: reloaded until they ran) and the tenant's report.
      const modPage = await journey.newPage('moderator');
      await loginViaUi(modPage, moderator.username, moderator.password);
      const item = modPage.getByRole('article', { name: title });
      const reasons = [LISTING_SIGNAL_LABELS.photos_autre_compte, LISTING_SIGNAL_LABELS.prix_sous_marche];
      for (let attempt = 0; ; attempt++) {
        await modPage.goto('/moderation');
        await item.waitFor();
        const shown = await item.getByRole('list', { name: 'Motifs' }).innerText();
        if (reasons.every((r) => shown.includes(r))) break;
        if (attempt >= 10) throw new Error(`[e2e] the copied listing's signals never reached the queue: ${shown}`);
        await modPage.waitForTimeout(1000);
      }
      await item.getByText(REPORT_REASON_LABELS.arnaque).first().waitFor();
      await journey.checkpoint(modPage, 'moderation-queue', item);
      await item.getByRole('button', { name: MODERATION_ACTION_VERBS.hide }).click();
      const dialog = modPage.getByRole('dialog', { name: `${MODERATION_ACTION_VERBS.hide} ?` });
      await dialog.getByLabel('Motif de la décision').fill('Photos copiées, loyer de moitié, virement demandé.');
      await journey.checkpoint(modPage, 'moderation-hide-dialog', dialog);
      const confirm = dialog.getByRole('button', { name: `Confirmer : ${MODERATION_ACTION_VERBS.hide.toLowerCase()}` });
      const screenSize = modPage.viewportSize()!;
      const box = (await confirm.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(screenSize.width);
      expect(box.y + box.height).toBeLessThanOrEqual(screenSize.height);
      await confirm.click();
      await toast(modPage, 'Décision enregistrée').waitFor();
      await item.getByText('Masquée').waitFor();

      // The tenant's Découvertes no longer show it, and its page is closed to them.
      await page.goto('/history');
      const screenTitle = page.getByRole('heading', { level: 1, name: 'Découvertes' });
      await requireScreen(page, 'Découvertes (/history)', screenTitle);
      await page.getByRole('heading', { level: 2, name: title }).waitFor({ state: 'detached' });
      await journey.checkpoint(page, 'decouvertes-after-hide', screenTitle);
      await page.goto(`/property/${fake.id}`);
      await page.getByRole('heading', { name: 'Bien non trouvé' }).waitFor();
    });
  });
});
