import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { newAccount, registerByApi, type TestAccount } from '../support/accounts';
import { baseUrl, launchBrowser, VIEWPORTS } from '../support/browser';
import { photoFile } from '../support/fixtures';
import { Journey, waitForPath } from '../support/journey';

/** A session cookie of the account, through the REST shim (set-up, not the thing under test). */
async function sessionOf(account: TestAccount): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  if (res.status !== 200) throw new Error(`[e2e] login ${account.username}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Publishes a listing with one photo at `at`, then lowers its price: a listing « en baisse ». */
async function droppedListing(cookie: string, title: string, at: { latitude: number; longitude: number }) {
  const photo = await photoFile('facade.jpg', 30);
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(photo.buffer)], { type: photo.mimeType }), photo.name);
  const upload = await fetch(`${baseUrl()}/api/upload`, { method: 'POST', headers: { cookie }, body: form });
  if (upload.status !== 201) throw new Error(`[e2e] upload: ${upload.status} ${await upload.text()}`);
  const { urls } = (await upload.json()) as { urls: string[] };
  const json = { 'content-type': 'application/json', cookie };
  const created = await fetch(`${baseUrl()}/api/properties`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      title,
      description: 'Maison de ville avec jardin, au calme.',
      price: 420000,
      isRental: false,
      size: 92,
      bedrooms: 3,
      bathrooms: 1,
      address: '3 rue des Tilleuls',
      city: 'Nantes',
      postalCode: '44000',
      ...at,
      type: 'house',
      images: urls,
      ownerName: 'Camille Durand',
      ownerEmail: 'camille@example.fr',
      ownerPhone: '0601020304',
    }),
  });
  if (created.status !== 201) throw new Error(`[e2e] create: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: number };
  const dropped = await fetch(`${baseUrl()}/api/properties/${id}`, {
    method: 'PATCH',
    headers: json,
    body: JSON.stringify({ price: 395000 }),
  });
  if (dropped.status !== 200) throw new Error(`[e2e] drop: ${dropped.status} ${await dropped.text()}`);
  return id;
}

/**
 * Journey 10 (issue 21): a visitor opens « Explorer les biens » from Accueil, finds around their position a listing
 * whose price dropped (« Prix en baisse », the former price struck through), opens it and comes back to the list.
 */
describe.each(VIEWPORTS)('journey 10: explorer ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should go from Accueil to the Explorer, open a listing « en baisse » and come back', async () => {
    const journey = new Journey(browser, 'explorer', viewport);
    const owner = newAccount('vendeur');
    await registerByApi(owner, { isLandlord: true });
    // A spot of its own, far from the demo listings of Paris and from other runs.
    const at = { latitude: 47.2 + Math.random() * 0.05, longitude: -1.6 + Math.random() * 0.05 };
    const title = `Maison nantaise (${viewport.name} ${Date.now().toString(36)})`;
    const id = await droppedListing(await sessionOf(owner), title, at);

    await journey.run(async () => {
      const page = await journey.newPage('visitor');
      await page.context().setGeolocation({ ...at, accuracy: 20 });
      await page.goto('/dashboard');
      await page.getByRole('link', { name: 'Explorer les biens' }).click();
      await waitForPath(page, '/explorer');
      await page.getByRole('heading', { level: 1, name: 'Explorer les biens' }).waitFor();
      const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });
      await card.getByText('Prix en baisse').waitFor();
      expect(await card.locator('del').textContent()).toMatch(/420\s000\s€/);
      await journey.checkpoint(page, 'explorer-list', card);

      await page.getByRole('radio', { name: 'Carte' }).check({ force: true });
      await page.getByRole('region', { name: 'Carte des biens' }).waitFor();
      await journey.checkpoint(page, 'explorer-map');
      await page.getByRole('radio', { name: 'Liste' }).check({ force: true });

      await card.getByRole('link', { name: title }).click();
      await waitForPath(page, `/property/${id}`);
      const summary = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title }) });
      await summary.getByText('Prix en baisse').waitFor();
      await journey.checkpoint(page, 'listing-dropped', summary);

      await page
        .getByRole('button', { name: /Retour/ })
        .first()
        .click();
      await waitForPath(page, '/explorer');
      await page.getByRole('link', { name: title }).waitFor();
    });
  });
});
