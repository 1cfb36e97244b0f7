import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { loginViaUi, newAccount, registerByApi } from '../support/accounts';
import { baseUrl, launchBrowser, VIEWPORTS } from '../support/browser';
import {
  bottomBarLink,
  escapeRegExp,
  expectSameDocument,
  Journey,
  markDocument,
  requireScreen,
  toast,
  waitForPath,
} from '../support/journey';
import { pushChannel, waitForNotification } from '../support/push';

/** Waits for a toast whose text includes `text` (a discovery's title is its description). */
async function toastWith(page: Page, text: string): Promise<void> {
  await page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true }).first().waitFor();
}

/** Polls `check` until it holds (15 s at most). */
async function until(check: () => Promise<boolean>, what = 'the expected notifications'): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`[e2e] timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Sets this context's notification permission for the app's origin, « prompt » included (CDP). */
async function setNotificationPermission(browser: Browser, page: Page, setting: 'denied' | 'prompt'): Promise<void> {
  const pageSession = await page.context().newCDPSession(page);
  const { targetInfo } = await pageSession.send('Target.getTargetInfo');
  await pageSession.detach();
  const session = await browser.newBrowserCDPSession();
  await session.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting,
    origin: new URL(baseUrl()).origin,
    browserContextId: targetInfo.browserContextId,
  });
  await session.detach();
}

/**
 * Journey 7: passing alerts. Paramètres → Notifications at phone size (permission asked only after
 * the switch and its explanation, « Tester » answers); a push delivered to the service worker shows
 * the French notification (a newer one of the same conversation replaces the older, unreadable data
 * still shows one); a discovery made while a listing is open reaches Découvertes without a reload.
 */
describe.each(VIEWPORTS)('journey 7: passing alerts ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should set alerts up in Paramètres, show pushed alerts in French and bring live discoveries to every screen', async () => {
    const journey = new Journey(browser, 'passing-alerts', viewport);
    const walker = newAccount('flaneuse');
    await registerByApi(walker);
    await journey.run(async () => {
      const page = await journey.newPage('walker');
      await loginViaUi(page, walker.username, walker.password);

      // Paramètres → Notifications. Headless Chromium refuses notifications by default: the section says so.
      await page.goto('/profile?tab=settings');
      const section = page.getByRole('region', { name: 'Réglages des notifications' });
      await requireScreen(page, 'Paramètres → Notifications', section);
      const passing = section.getByRole('switch', { name: 'Alertes de passage' });
      await section.getByText(/^Sur cet appareil : refusées par le navigateur\./).waitFor();
      expect(await passing.isDisabled()).toBe(true);

      // As in a fresh browser, the permission is not decided yet.
      await setNotificationPermission(browser, page, 'prompt');
      await page.reload();
      await section.getByText('Sur cet appareil : désactivées.').waitFor();
      expect(await passing.getAttribute('aria-checked')).toBe('false');
      await section.getByRole('switch', { name: 'Alertes de messages' }).waitFor();
      expect(await section.getByLabel('Alertes par jour').inputValue()).toBe('15');
      expect(await section.getByLabel('Début', { exact: true }).inputValue()).toBe('21:30');
      expect(await section.getByLabel('Fin', { exact: true }).inputValue()).toBe('08:00');
      await section.getByRole('heading', { name: 'Notifications' }).scrollIntoViewIfNeeded();
      await journey.checkpoint(page, 'settings-notifications');

      // The permission is never asked before a click, and then only after the explanation.
      expect(await page.evaluate(() => Notification.permission)).toBe('default');
      await passing.click();
      const explanation = page.getByRole('dialog', { name: 'Activer les notifications' });
      await journey.checkpoint(page, 'settings-notifications-explanation', explanation);
      await explanation.getByRole('button', { name: 'Plus tard' }).click();
      await explanation.waitFor({ state: 'detached' });
      expect(await passing.getAttribute('aria-checked')).toBe('false');

      // A bad limit gets the shared French message, without a request.
      const perDay = section.getByLabel('Alertes par jour');
      await perDay.fill('80');
      await section.getByRole('button', { name: 'Enregistrer' }).click();
      await section.getByText("Le nombre maximum d'alertes par jour doit être un entier entre 1 et 50").waitFor();
      await perDay.fill('10');
      await section.getByRole('button', { name: 'Enregistrer' }).click();
      await toast(page, 'Réglages enregistrés').waitFor();

      // « Tester » answers (this browser cannot subscribe offline: no device of this user is subscribed),
      // and is not under the bottom bar, the tracking pill or a toast.
      const test = section.getByRole('button', { name: 'Tester' });
      await test.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const uncovered = await test.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && (hit === el || el.contains(hit));
      });
      expect(uncovered).toBe(true);
      await test.click();
      await toast(page, 'Aucun appareil abonné').waitFor();
      await journey.checkpoint(page, 'settings-notifications-test');

      // A push reaches the service worker: it shows the French notification, with its address.
      // (Chromium keeps the « prompt » override above a grant: start again from the context's own permissions.)
      await page.context().clearPermissions();
      await page.context().grantPermissions(['geolocation']);
      await page.context().grantPermissions(['notifications'], { origin: new URL(baseUrl()).origin });
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
      const push = await pushChannel(page);
      await push.deliver(
        JSON.stringify({
          type: 'discovery',
          title: 'Nouveau bien à proximité',
          body: 'Appartement lumineux · 2 pièces · 850 €/mois',
          url: '/property/1',
          count: 1,
          propertyIds: ['1'],
        }),
      );
      const discovery = await waitForNotification(page, 'Nouveau bien à proximité');
      expect(discovery).toEqual({
        title: 'Nouveau bien à proximité',
        body: 'Appartement lumineux · 2 pièces · 850 €/mois',
        tag: 'discovery',
        url: '/property/1',
      });
      // Two messages of one conversation: the newer replaces the older (one notification per conversation).
      const conversationBodies = async (): Promise<string[]> =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications({ tag: 'message-42' })).map((n) => n.body),
        );
      const message = (body: string) =>
        JSON.stringify({ type: 'message', title: 'Nouveau message de Claire', body, url: '/messages/42' });
      await push.deliver(message('Bonjour, le bien est-il disponible ?'));
      await until(async () => (await conversationBodies()).includes('Bonjour, le bien est-il disponible ?'));
      await push.deliver(message('Je peux visiter samedi.'));
      await until(async () => (await conversationBodies()).join() === 'Je peux visiter samedi.');
      // Unreadable data still shows something (a push that shows nothing is cancelled on iOS).
      await push.deliver('pas du JSON');
      const generic = await waitForNotification(page, 'Flâneur');
      expect(generic.body).toBe('Nouvelle activité autour de vous');
      await push.cdp.detach();

      // Live discoveries on every screen: Découvertes is loaded once (empty), then the walker opens a
      // listing; a discovery made meanwhile is announced there and is in Découvertes without a reload.
      await bottomBarLink(page, /^Découvertes/).click();
      await waitForPath(page, '/history');
      const first = await page.request.get('/api/test/add-history');
      expect(first.status()).toBe(201);
      const firstProperty = (await first.json()).property as { id: string | number; title: string };
      // Announced live on Découvertes (the burst window is over before the walker moves on).
      await toastWith(page, firstProperty.title);
      await page.getByRole('link', { name: firstProperty.title, exact: true }).click();
      await waitForPath(page, `/property/${firstProperty.id}`);
      await page.getByRole('heading', { level: 2, name: firstProperty.title }).waitFor();
      await markDocument(page);

      const second = await page.request.get('/api/test/add-history');
      expect(second.status()).toBe(201);
      const secondProperty = (await second.json()).property as { id: string | number; title: string };
      // Announced on the listing's screen: « Nouvelle découverte » with its title.
      await toastWith(page, secondProperty.title);
      await toast(page, 'Nouvelle découverte').waitFor();
      await journey.checkpoint(page, 'property-live-discovery');

      await bottomBarLink(page, /^Découvertes/).click();
      await waitForPath(page, '/history');
      await page.getByText('2 découvertes', { exact: true }).waitFor();
      await page.getByRole('link', { name: new RegExp(`^${escapeRegExp(secondProperty.title)}$`) }).waitFor();
      await expectSameDocument(page);
      await journey.checkpoint(page, 'history-after-live-discovery');
    });
  });
});
