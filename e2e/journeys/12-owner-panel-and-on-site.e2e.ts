import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator } from 'playwright-core';
import { loginViaUi, newAccount, registerByApi } from '../support/accounts';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { bottomBarLink, Journey, toast, waitForPath } from '../support/journey';
import { ownerWithListing } from '../support/listings';

/**
 * Journey 12 (issue 22): an owner sees their listing's walk-by funnel and panel reference in « Mes annonces »,
 * downloads the printable panel (a PDF), and proves being in front of the listing (« Je suis devant le bien », the
 * browser's position at the listing) → « Vérifié sur place ». A tenant then types the panel's reference on the
 * dashboard, lands on the listing (verified), finds it in Découvertes with « Panneau », and the owner's funnel counts
 * the opening as « moins de 3 ».
 */
describe.each(VIEWPORTS)('journey 12: owner panel and « Vérifié sur place » ($name)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should show the funnel and the panel, verify the listing on site, and open it from its reference', async () => {
    const journey = new Journey(browser, 'owner-panel', viewport);
    const title = `Trois-pièces tourangeau (${viewport.name} ${Date.now().toString(36)})`;
    // A rental in Tours.
    const { owner, at, id } = await ownerWithListing('panneau', {
      listing: {
        title,
        description: 'Trois-pièces traversant, parquet, balcon sur cour.',
        price: 780,
        isRental: true,
        size: 61,
        bedrooms: 2,
        bathrooms: 1,
        address: '8 rue Nationale',
        city: 'Tours',
        postalCode: '37000',
        type: 'apartment',
        dpeRating: 'C',
        advertiser: 'private',
      },
      near: { latitude: 47.38, longitude: 0.67 },
      spread: 0.03,
      photoHue: 200,
    });
    const tenant = newAccount('passant');
    await registerByApi(tenant);

    await journey.run(async () => {
      // The owner, in front of the building: a precise fix at the listing's coordinates.
      const ownerPage = await journey.newPage('owner');
      await ownerPage.context().setGeolocation({ ...at, accuracy: 12 });
      await loginViaUi(ownerPage, owner.username, owner.password);
      await bottomBarLink(ownerPage, 'Mes annonces').click();
      await waitForPath(ownerPage, '/my-properties');
      const card = ownerPage.getByRole('article', { name: title });
      const funnel = card.getByRole('list', { name: 'Parcours des visiteurs sur 30 jours' });
      const step = (label: string) => funnel.getByRole('listitem').filter({ hasText: label });
      // Nobody has seen it yet: every step of the funnel is 0, in order.
      await step('Contacts').waitFor();
      expect(await funnel.getByRole('listitem').allInnerTexts()).toEqual([
        expect.stringMatching(/^Passés devant\s*0/),
        expect.stringMatching(/^Consultés\s*0/),
        expect.stringMatching(/^Favoris\s*0/),
        expect.stringMatching(/^Contacts\s*0/),
      ]);
      const refText = await card.getByText(/^Référence du panneau : [0-9A-Z]{6}$/).textContent();
      const ref = refText!.slice(-6);
      expect(await card.getByText(/Vérifié sur place/).count()).toBe(0);
      await journey.checkpoint(ownerPage, 'my-properties-funnel', card);

      // The printable panel: a PDF, for the owner's session.
      const panel = card.getByRole('link', { name: `Panneau à imprimer (PDF) ${title}` });
      const href = await panel.getAttribute('href');
      expect(href).toBe(`/api/properties/${id}/panel.pdf`);
      expect(await panel.getAttribute('target')).toBe('_blank');
      const pdf = await ownerPage.request.get(href!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toMatch(/^application\/pdf/);
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // « Je suis devant le bien »: within reach (not under the bottom bar); the position was granted already, so
      // the fix is sent at once.
      const verify = card.getByRole('button', { name: `Je suis devant le bien ${title}` });
      await expectReachable(verify);
      await verify.click();
      await toast(ownerPage, 'Annonce vérifiée sur place').waitFor();
      const badge = card.getByText(/^Vérifié sur place le \d{1,2} \S+ \d{4}$/);
      await badge.waitFor();
      await journey.checkpoint(ownerPage, 'my-properties-verified', badge);
      // The badge and the funnel stay inside the card, even on a phone.
      await expectInside(card);

      // A passer-by types the reference read on the panel.
      const page = await journey.newPage('tenant');
      await loginViaUi(page, tenant.username, tenant.password);
      await page.goto('/dashboard');
      // Painted by the server, the card is sent once the app has hydrated it (its button is enabled then).
      await page.getByRole('button', { name: "Voir l'annonce", disabled: false }).waitFor();
      const field = page.getByLabel("Référence d'un panneau", { exact: true });
      await field.fill(ref.toLowerCase());
      await journey.checkpoint(page, 'dashboard-panel-ref', field);
      await page.getByRole('button', { name: "Voir l'annonce" }).click();
      await waitForPath(page, `/property/${id}`);
      const summary = page.getByRole('region', { name: title, exact: true });
      await summary.getByText(/^Vérifié sur place le /).waitFor();
      await journey.checkpoint(page, 'listing-verified', summary);
      // Declared « Particulier »: its owner is contacted as such, with no agency line.
      const contact = page.getByRole('region', { name: 'Contacter le propriétaire' });
      await contact.getByRole('button', { name: 'Message' }).waitFor();
      expect(await page.getByRole('heading', { name: "Contacter l'agent" }).count()).toBe(0);
      expect(await contact.getByText(/Agence/).count()).toBe(0);

      // Découvertes: the listing, marked « Panneau ».
      await bottomBarLink(page, /^Découvertes/).click();
      await waitForPath(page, /^\/history/);
      const entry = page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });
      await entry.getByText('Panneau', { exact: true }).waitFor();
      await entry.getByText(/^Vérifié sur place le /).waitFor();
      await journey.checkpoint(page, 'history-panel', entry);

      // Back to the owner: one person opened it, shown « moins de 3 » (nobody walked past it).
      await ownerPage.reload();
      await step('Consultés').getByText('moins de 3').waitFor();
      expect(await step('Passés devant').innerText()).toMatch(/^Passés devant\s*0/);
      await journey.checkpoint(ownerPage, 'my-properties-funnel-viewed', card);
      await expectInside(card);
    });
  });
});

/** Fails when the element is not the topmost thing at its centre once scrolled to (under the bottom bar, …). */
async function expectReachable(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const covered = await target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top && (el === top || el.contains(top)) ? null : (top?.outerHTML.slice(0, 160) ?? 'nothing');
  });
  expect(covered).toBeNull();
}

/** Fails when something in the element sticks out of it on the right, or the page scrolls sideways. */
async function expectInside(target: Locator) {
  const overflow = await target.evaluate((el) => {
    const right = el.getBoundingClientRect().right;
    const out = Array.from(el.querySelectorAll('*')).filter((e) => e.getBoundingClientRect().right > right + 0.5);
    const page = document.documentElement;
    return {
      sideways: page.scrollWidth > page.clientWidth,
      out: out.slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
    };
  });
  expect(overflow).toEqual({ sideways: false, out: [] });
}
