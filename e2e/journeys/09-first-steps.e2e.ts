import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator } from 'playwright-core';
import { DEMO_OWNER, loginViaUi, newAccount, registerByApi } from '../support/accounts';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { bottomBarLink, escapeRegExp, Journey, toast, waitForPath } from '../support/journey';

/** Tomorrow's calendar day in Paris, as a date input takes it (YYYY-MM-DD). */
function parisTomorrow(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(Date.now() + 24 * 60 * 60 * 1000);
}

/**
 * Lets the journey make the position fail once, as under a porch or in the métro: every watch's error callback
 * receives POSITION_UNAVAILABLE when `window.failPositionOnce()` is called.
 */
const FAILING_POSITION = `(() => {
  const geo = navigator.geolocation;
  const watch = geo.watchPosition.bind(geo);
  const clear = geo.clearWatch.bind(geo);
  const errors = new Map();
  geo.watchPosition = (ok, err, options) => {
    const id = watch(ok, err, options);
    errors.set(id, err);
    return id;
  };
  geo.clearWatch = (id) => {
    errors.delete(id);
    clear(id);
  };
  window.failPositionOnce = () => {
    for (const err of errors.values())
      err?.({ code: 2, message: 'Position unavailable', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 });
  };
})();`;

/** True when the two elements' boxes share at least one pixel. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('[e2e] an element has no box');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/**
 * Journey 9 (first-time user): a tenant signs in with their e-mail and switches discovery on, which survives a lost
 * fix (« Signal GPS perdu », then tracking again); on the owner's
 * listing they ask for a visit; the owner sees the request arrive live in « Mes annonces » and accepts it with a
 * slot; the tenant sees « Acceptée » and the slot on the listing without a reload, is told of the owner's message
 * by a toast and the bar's unread count, and answers it: the composer's « Envoyer » is never under the tracking
 * pill. The owner on their own listing gets « Modifier l'annonce », not a way to message themselves.
 */
describe.each(VIEWPORTS)('journey 9: first steps ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should take a visit request from the listing to a proposed slot, live on both sides, with the tracking pill clear of the composer', async () => {
    const journey = new Journey(browser, 'first-steps', viewport);
    const tenant = newAccount('visiteur');
    await registerByApi(tenant);
    const tenantName = `${tenant.firstName} ${tenant.lastName}`;
    await journey.run(async () => {
      // The owner, on one of their listings: edit it, never message themselves.
      const owner = await journey.newPage('owner');
      await loginViaUi(owner, DEMO_OWNER.username, DEMO_OWNER.password);
      const listings = await owner.request.get('/api/properties/user');
      expect(listings.status()).toBe(200);
      const [listing] = (await listings.json()) as { id: number | string; title: string }[];
      expect(listing).toBeDefined();
      await owner.goto(`/property/${listing.id}`);
      await owner.getByRole('heading', { level: 2, name: listing.title }).waitFor();
      await owner.getByRole('link', { name: "Modifier l'annonce" }).waitFor();
      expect(await owner.getByRole('button', { name: 'Message', exact: true }).count()).toBe(0);
      expect(await owner.getByRole('button', { name: 'Demander une visite' }).count()).toBe(0);
      await owner.goto('/my-properties');
      await owner.getByRole('heading', { name: 'Demandes de visite' }).waitFor();

      // The tenant signs in with the e-mail address and switches discovery on.
      const page = await journey.newPage('tenant');
      await page.addInitScript(FAILING_POSITION);
      await loginViaUi(page, tenant.email, tenant.password);
      await page.goto('/dashboard');
      await page.getByRole('switch', { name: 'Découverte en marchant' }).click();
      await page
        .getByRole('dialog', { name: 'Découvrir en marchant' })
        .getByRole('button', { name: 'Activer le suivi' })
        .click();
      const pill = page.getByRole('status').filter({ hasText: 'Suivi de position actif' });
      await pill.waitFor();

      // One lost fix does not switch discovery off: « Signal GPS perdu », then tracking again by itself.
      await page.evaluate(() => (window as unknown as { failPositionOnce: () => void }).failPositionOnce());
      await page.getByRole('status').filter({ hasText: 'Signal GPS perdu' }).waitFor();
      await page.getByRole('switch', { name: 'Découverte en marchant', checked: true }).waitFor();
      await pill.waitFor();

      // A visit request from the listing.
      await page.goto(`/property/${listing.id}`);
      await page.getByRole('heading', { level: 2, name: listing.title }).waitFor();
      await page.getByRole('button', { name: 'Demander une visite' }).click();
      const ask = page.getByRole('dialog', { name: 'Demander une visite' });
      await ask.getByLabel('Message (facultatif)').fill('Je suis disponible en fin de journée.');
      await journey.checkpoint(page, 'visit-request-dialog', ask);
      await ask.getByRole('button', { name: 'Envoyer la demande' }).click();
      await toast(page, 'Demande envoyée').waitFor();
      const card = page.getByRole('region', { name: 'Visiter ce bien' });
      await card.getByText('Demande envoyée', { exact: true }).waitFor();

      // The owner sees it arrive live and accepts it with a slot.
      const request = owner.getByRole('listitem').filter({ hasText: tenantName });
      await request.getByText('En attente', { exact: true }).waitFor();
      await journey.checkpoint(owner, 'owner-visit-request', request);
      await request.getByRole('button', { name: `Accepter la demande de ${tenantName}` }).click();
      const propose = owner.getByRole('dialog', { name: 'Proposer une visite' });
      await propose.getByLabel('Date de la visite').fill(parisTomorrow());
      await propose.getByLabel('Heure de début').fill('18:30');
      await journey.checkpoint(owner, 'owner-propose-slot', propose);
      await propose.getByRole('button', { name: 'Accepter et proposer' }).click();
      await request.getByText('Acceptée', { exact: true }).waitFor();

      // The tenant's listing shows the answer and the slot, and the owner's message is announced.
      await card.getByText('Acceptée', { exact: true }).waitFor();
      await card.getByText(/^Visite proposée le .+ de 18:30 à 19:00$/).waitFor();
      await toast(page, `Nouveau message de ${DEMO_OWNER.displayName}`).waitFor();
      const messages = bottomBarLink(page, /^Messages, 1 non lu$/);
      await messages.waitFor();
      await journey.checkpoint(page, 'tenant-visit-accepted', card);

      // The conversation: « Envoyer » stays clear of the pill, and sending leaves tracking on.
      await messages.click();
      await waitForPath(page, '/messages');
      await page.getByRole('link', { name: new RegExp(escapeRegExp(listing.title)) }).click();
      await waitForPath(page, /^\/messages\/\d+$/);
      const thread = page.getByRole('list', { name: 'Messages' });
      await thread
        .getByText(/Visite proposée le/)
        .first()
        .waitFor();
      const send = page.getByRole('button', { name: 'Envoyer', exact: true });
      await page.getByLabel('Votre message').fill('Parfait, à demain 18 h 30.');
      expect(await overlap(send, pill)).toBe(false);
      expect(await overlap(page.getByLabel('Votre message'), pill)).toBe(false);
      await journey.checkpoint(page, 'tenant-composer-with-pill', send);
      await send.click();
      await thread.getByText('Parfait, à demain 18 h 30.').waitFor();
      await pill.waitFor();

      // The tenant's own requests, on Accueil: the proposed slot confirmed in one tap, told live to the owner.
      await bottomBarLink(page, 'Accueil').click();
      await waitForPath(page, '/dashboard');
      const mine = page.getByRole('region', { name: 'Mes demandes de visite' });
      const sentRequest = mine.getByRole('listitem').filter({ hasText: listing.title });
      await sentRequest.getByText(/^Visite proposée le .+ de 18:30 à 19:00$/).waitFor();
      await journey.checkpoint(page, 'tenant-my-visit-requests', sentRequest);
      await sentRequest.getByRole('button', { name: `Confirmer le créneau (${listing.title})` }).click();
      await toast(page, 'Créneau confirmé').waitFor();
      await sentRequest.getByText('Créneau confirmé', { exact: true }).waitFor();
      expect(await sentRequest.getByRole('button', { name: /Refuser le créneau/ }).count()).toBe(0);
      await request.getByText('Créneau confirmé', { exact: true }).waitFor();
      await journey.checkpoint(owner, 'owner-slot-confirmed', request);
    });
  });
});
