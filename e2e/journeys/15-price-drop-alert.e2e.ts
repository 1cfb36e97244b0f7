import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { loginViaUi, newAccount, registerByApi, type TestAccount } from '../support/accounts';
import { baseUrl, launchBrowser, VIEWPORTS } from '../support/browser';
import { bottomBarLink, Journey, toast, waitForPath } from '../support/journey';
import { ownerWithListing } from '../support/listings';
import {
  pushChannel,
  startPushService,
  usePushDevice,
  waitForNotification,
  waitForPush,
  type FakeDevice,
  type PushService,
} from '../support/push';

/**
 * Paramètres → Notifications: the person allows notifications on this device (« Alertes de passage ») and turns the
 * quiet hours off, so that the alert comes whatever the hour of the run.
 */
async function allowAlerts(journey: Journey, page: Page, who: string): Promise<void> {
  await page.context().grantPermissions(['notifications'], { origin: new URL(baseUrl()).origin });
  await page.goto('/profile?tab=settings');
  const section = page.getByRole('region', { name: 'Réglages des notifications' });
  const passing = section.getByRole('switch', { name: 'Alertes de passage' });
  await section.getByText('Sur cet appareil : désactivées.').waitFor();
  await passing.click();
  await section.getByText('Sur cet appareil : activées.').waitFor();
  expect(await passing.getAttribute('aria-checked')).toBe('true');
  const quiet = section.getByRole('checkbox', { name: 'Aucune alerte pendant ces heures (heure de Paris)' });
  await quiet.uncheck();
  await section.getByRole('button', { name: 'Enregistrer' }).click();
  await toast(page, 'Réglages enregistrés').waitFor();
  await journey.checkpoint(page, `${who}-alerts-on`, section);
}

/**
 * Journey 15 (issue 21): a tenant keeps a listing in their favourites and allows alerts; its owner lowers the price
 * in « Modifier le bien »; the tenant's device gets « Baisse de prix : {titre} » with the new and the former price
 * (through the gateway's push to the device's endpoint, shown by the service worker), and the listing then shows
 * « Prix en baisse » with the former price struck through. Another tenant with alerts on, who did not keep it, gets
 * nothing.
 */
describe.each(VIEWPORTS)('journey 15: price drop alert ($name)', (viewport) => {
  let browser: Browser;
  let pushes: PushService;
  beforeAll(async () => {
    browser = await launchBrowser();
    // The stand-in for the browsers' push services (Chromium here has no network).
    pushes = await startPushService();
  });
  afterAll(async () => {
    await browser?.close();
    await pushes?.close();
  });

  it('should push « Baisse de prix » to the tenant who keeps the listing, not to another, and show the drop', async () => {
    const journey = new Journey(browser, 'price-drop-alert', viewport);
    const title = `Maison rennaise (${viewport.name} ${Date.now().toString(36)})`;
    const { owner, id } = await ownerWithListing('baisseproprio', {
      listing: {
        title,
        description: 'Maison de ville avec jardin, proche du centre.',
        price: 310000,
        isRental: false,
        size: 86,
        bedrooms: 3,
        bathrooms: 1,
        address: '8 rue de Paris',
        city: 'Rennes',
        postalCode: '35000',
        type: 'house',
      },
      near: { latitude: 48.1, longitude: -1.7 },
      spread: 0.05,
      photoHue: 200,
    });
    const tenant = newAccount('favori');
    const stranger = newAccount('autre');
    await Promise.all([registerByApi(tenant), registerByApi(stranger)]);
    const tenantDevice = pushes.device();
    const strangerDevice = pushes.device();

    const signedIn = async (who: string, account: TestAccount, device?: FakeDevice): Promise<Page> => {
      const page = await journey.newPage(who);
      if (device) await usePushDevice(page.context(), device);
      await loginViaUi(page, account.username, account.password);
      return page;
    };

    await journey.run(async () => {
      // The tenant keeps the listing in their favourites…
      const page = await signedIn('tenant', tenant, tenantDevice);
      await page.goto(`/property/${id}`);
      const summary = page.getByRole('region', { name: title, exact: true });
      await summary.waitFor();
      await page.getByRole('button', { name: 'Ajouter aux favoris' }).click();
      await toast(page, 'Ajouté aux favoris').waitFor();
      await page.getByRole('button', { name: 'Retirer des favoris' }).waitFor();
      expect(await summary.getByText('Prix en baisse').count()).toBe(0);
      await journey.checkpoint(page, 'listing-kept', summary);
      // … and allows alerts on this device.
      await allowAlerts(journey, page, 'tenant');
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
      const push = await pushChannel(page);

      // Another tenant allows alerts too, without keeping the listing.
      const other = await signedIn('stranger', stranger, strangerDevice);
      await allowAlerts(journey, other, 'stranger');

      // The owner lowers the price in « Modifier le bien ».
      const ownerPage = await signedIn('owner', owner);
      await bottomBarLink(ownerPage, 'Mes annonces').click();
      await waitForPath(ownerPage, '/my-properties');
      const card = ownerPage.getByRole('article', { name: title });
      await card.getByRole('link', { name: `Modifier ${title}` }).click();
      await waitForPath(ownerPage, `/add-property?edit=${id}`);
      const price = ownerPage.getByLabel('Prix (€)', { exact: true });
      await price.waitFor();
      expect(await price.inputValue()).toMatch(/^310000(\.0+)?$/);
      await price.fill('289000');
      // The listing was published without its legal mentions: the form asks for them now.
      await ownerPage.getByLabel('DPE : classe énergie', { exact: true }).selectOption('C');
      await ownerPage.getByLabel('GES : classe climat', { exact: true }).selectOption('C');
      await ownerPage.getByLabel("Dépenses d'énergie minimum (€/an)", { exact: true }).fill('900');
      await ownerPage.getByLabel("Dépenses d'énergie maximum (€/an)", { exact: true }).fill('1250');
      await ownerPage.getByLabel("Année de référence des prix de l'énergie", { exact: true }).fill('2024');
      await ownerPage.getByRole('radio', { name: 'Particulier' }).check();
      await journey.checkpoint(ownerPage, 'owner-new-price');
      await ownerPage.getByRole('button', { name: 'Enregistrer les modifications' }).click();
      await toast(ownerPage, 'Bien immobilier modifié').waitFor();
      await waitForPath(ownerPage, '/my-properties');
      await card.getByText(/289\s?000\s?€/).waitFor();

      // The gateway pushes « Baisse de prix » to the tenant's device; its service worker shows it.
      const alertTitle = `Baisse de prix : ${title}`;
      const received = await waitForPush(pushes, tenantDevice, alertTitle);
      await push.deliver(received.text);
      const shown = await waitForNotification(page, alertTitle);
      expect(shown.body).toMatch(/^289\s000\s€ au lieu de 310\s000\s€$/);
      expect(shown.url).toBe(`/property/${id}`);
      await push.cdp.detach();
      // Nothing for the tenant who did not keep it (the alerts of one drop are queued together).
      await page.waitForTimeout(500);
      expect(strangerDevice.received().map((p) => p.text)).toEqual([]);

      // The notification's listing: « Prix en baisse », the former price struck through.
      await page.goto(shown.url!);
      await summary.getByText('Prix en baisse').waitFor();
      const former = summary.locator('del').first();
      expect(await former.textContent()).toMatch(/310\s000\s€$/);
      // The new price first, then the former one struck through.
      expect(await summary.locator('p:has(del)').first().textContent()).toMatch(/^289\s000\s€\s/);
      await journey.checkpoint(page, 'listing-dropped', summary);
    });
  });
});
