import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { captureLogger } from '../../test/capture-logger';
import { createProperty, signedInUser } from '../../test/factories';
import { useGateway } from '../../test/gateway';
import { PUBLIC_READ_CACHE_CONTROL } from './caching';
import { SESSION_COOKIE } from './session';
import { WEB_SERVER_ENTRY, type ServerRenderer } from './server-render';
import { staticWeb } from './static-web';

/*
 * Screens painted by the server for a signed-out visitor: the web's real server bundle (web/src/entry-server.tsx,
 * built here when absent) renders in-process against the test database; a fake index.html stands for web/dist.
 */

const INDEX = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Flâneur — Découvrez l'immobilier en marchant" />
    <title>Flâneur</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body>
</html>
`;

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-render-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  if (!fs.existsSync(WEB_SERVER_ENTRY))
    execFileSync('npx', ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn'], {
      cwd: path.resolve(__dirname, '../../../web'),
      stdio: 'inherit',
    });
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// What is painted is tested here, not how fast: a loaded machine may pass 300 ms (the limit's own test is below).
const gw = useGateway({ startOutbox: false, webDir: () => dir, serverRenderTimeoutMs: 10_000 });

// A fresh agent: no cookie, a signed-out visitor.
const page = (url: string) => gw.agent().get(url).set('Accept', 'text/html');

/** The markup inside #root, entities of text decoded as a browser reads them. */
function root(html: string): string {
  const m = /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="apollo-state">/.exec(html);
  expect(m).not.toBeNull();
  return m![1]
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}
function state(html: string): Record<string, any> {
  const m = /<script type="application\/json" id="apollo-state">([\s\S]*?)<\/script>/.exec(html);
  expect(m).not.toBeNull();
  return JSON.parse(m![1]);
}
const setDraft = (id: number) =>
  gw.db.query(`UPDATE properties SET listing_state = 'draft', draft_reason = 'Brouillon' WHERE id = $1`, [id]);

describe('server-rendered screens, signed out', () => {
  it('should paint a listing with its title and price in #root, its cache beside it and its share tags', async () => {
    const owner = await signedInUser(gw);
    const p = await createProperty(owner.agent, { title: 'Atelier des Brotteaux', price: 1340, isRental: true });
    const res = await page(`/property/${p.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers.vary).toMatch(/Cookie/);
    const markup = root(res.text);
    expect(markup).toContain('Atelier des Brotteaux');
    // 1 340 € (fr-FR groups with a narrow no-break space).
    expect(markup).toMatch(/1\s?340\s?€/u);
    expect(state(res.text)[`Property:${p.id}`]).toMatchObject({ title: 'Atelier des Brotteaux' });
    expect(res.text).toContain('<title>Atelier des Brotteaux · Flâneur</title>');
  });

  it('should paint « Bien non trouvé » with 404 for a draft and for an unknown id', async () => {
    const owner = await signedInUser(gw);
    const p = await createProperty(owner.agent, { title: 'Pas encore publié' });
    await setDraft(p.id);
    for (const url of [`/property/${p.id}`, '/property/987654321', '/property/2147483647']) {
      const res = await page(url);
      // The hydrating client finds the same answer in the cache sent with the page: the listing is null.
      expect(state(res.text).ROOT_QUERY[`property({"id":"${url.split('/').pop()}"})`]).toBeNull();
      expect(res.status).toBe(404);
      const markup = root(res.text);
      expect(markup).toContain('Bien non trouvé');
      expect(markup).not.toContain('Pas encore publié');
    }
  });

  it('should paint the not-found screen with 404 for an unknown route', async () => {
    const res = await page('/nulle-part/ici');
    expect(res.status).toBe(404);
    expect(root(res.text)).toContain("Cette page n'existe pas.");
  });

  it('should paint /qui-peut-publier, /developers and /auth', async () => {
    for (const [url, text] of [
      ['/qui-peut-publier', 'Qui peut publier ?'],
      ['/developers', 'Développeurs'],
      ['/auth', 'Mon compte'],
    ]) {
      const res = await page(url);
      expect(res.status).toBe(200);
      expect(root(res.text)).toContain(text);
    }
  });

  it('should paint /auth usable before any script: its tabs are links, its forms post and wait to be sent', async () => {
    const login = root((await page('/auth?retour=%2Fmessages')).text);
    // « Inscription » is a link to the register tab, the post-login path kept; « Connexion » is selected.
    expect(login).toMatch(
      /<a [^>]*role="tab"[^>]*aria-selected="true"[^>]*href="\/auth\?retour=%2Fmessages"[^>]*>Connexion<\/a>/,
    );
    expect(login).toMatch(
      /<a [^>]*role="tab"[^>]*href="\/auth\?retour=%2Fmessages&vue=inscription"[^>]*>Inscription<\/a>/,
    );
    // Sent before the app has hydrated, a form would leave as the browser's GET, its password in the address.
    expect(login).toMatch(/<form [^>]*method="post"/);
    expect(login).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Se connecter<\/button>/);
    const register = root((await page('/auth?vue=inscription')).text);
    expect(register).toMatch(/<a [^>]*role="tab"[^>]*aria-selected="true"[^>]*>Inscription<\/a>/);
    expect(register).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>S'inscrire<\/button>/);
  });

  it('should keep a listing title out of the page as script: no `</script>` injection', async () => {
    const owner = await signedInUser(gw);
    const title = 'Duplex </script><script>alert(1)</script>';
    const p = await createProperty(owner.agent, { title });
    const res = await page(`/property/${p.id}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert(1)');
    // The data block ends where it should: its JSON parses and holds the title as it was written.
    expect(state(res.text)[`Property:${p.id}`].title).toBe(title);
    expect(root(res.text)).toContain('Duplex &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it("should paint a listing with the signed-in viewer's data, kept by no cache, and other screens as the shell", async () => {
    const owner = await signedInUser(gw);
    const tenant = await signedInUser(gw);
    const p = await createProperty(owner.agent, { title: 'Maison du signé' });
    await tenant.agent.post('/api/favorites').send({ propertyId: p.id }).expect(201);
    const get = (agent: typeof owner.agent, url: string) => agent.get(url).set('Accept', 'text/html');

    const seen = await get(tenant.agent, `/property/${p.id}`);
    expect(seen.status).toBe(200);
    expect(seen.headers['cache-control']).toBe('private, no-store');
    expect(seen.headers.vary).toMatch(/Cookie/);
    expect(seen.text).toContain('<title>Maison du signé · Flâneur</title>');
    const markup = root(seen.text);
    expect(markup).toContain('Maison du signé');
    // The tenant's favourite, from the session: painted pressed.
    expect(markup).toMatch(/aria-pressed="true"[^>]*aria-label="Retirer des favoris"/);
    expect(state(seen.text).ROOT_QUERY.me).toEqual({ __ref: `User:${tenant.user.id}` });
    // « Corriger » (the pin) is the owner's only.
    expect(markup).not.toContain('>Corriger<');
    expect(root((await get(owner.agent, `/property/${p.id}`)).text)).toContain('>Corriger<');

    // Signed out, the same listing is painted for anyone: public for a minute, not private.
    const anonymous = await page(`/property/${p.id}`);
    expect(anonymous.headers['cache-control']).toBe(PUBLIC_READ_CACHE_CONTROL);
    expect(root(anonymous.text)).toMatch(/aria-pressed="false"/);

    // /dashboard, signed in: the greeting, the walking switch (off until the device is read), the criteria card and
    // the day's count arrive in the HTML; signed out, the open dashboard without them.
    const dashboard = await get(tenant.agent, '/dashboard');
    expect(dashboard.headers['cache-control']).toBe('private, no-store');
    const home = root(dashboard.text);
    expect(home).toMatch(/Bonjour, (<!-- -->)?Camille/);
    expect(home).toContain('Découverte en marchant');
    expect(home).toContain('Mes critères de recherche');
    expect(home).toContain("0 bien découvert aujourd'hui");
    const open = await page('/dashboard');
    expect(open.headers['cache-control']).toBe(PUBLIC_READ_CACHE_CONTROL);
    expect(root(open.text)).toContain('Explorer les biens');
    expect(root(open.text)).not.toContain('Bonjour');

    // A signed-in screen not painted by the server yet: the client shell.
    const shell = await get(tenant.agent, '/history');
    expect(shell.text).toContain('<div id="root"></div>');
    expect(shell.text).not.toContain('apollo-state');
  });
});

describe('the anonymous page cache', () => {
  it('should serve a page painted without a session for a minute, with its ETag, and never a signed-in one', async () => {
    const owner = await signedInUser(gw);
    const tenant = await signedInUser(gw);
    const p = await createProperty(owner.agent, { title: 'Loft du canal' });
    await tenant.agent.post('/api/favorites').send({ propertyId: p.id }).expect(201);
    const url = `/property/${p.id}`;

    // Signed in first: painted with the tenant's data, private, and not kept.
    const signed = await tenant.agent.get(url).set('Accept', 'text/html');
    expect(signed.headers['cache-control']).toBe('private, no-store');
    expect(signed.headers.etag).toBeUndefined();
    expect(root(signed.text)).toMatch(/aria-pressed="true"/);

    // Then without a session: no trace of the tenant (favourite, account, name) in the page or its cache.
    const first = await page(url).set('Accept-Encoding', 'br');
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe(PUBLIC_READ_CACHE_CONTROL);
    expect(first.headers.vary).toMatch(/Cookie/);
    expect(first.headers.vary).toMatch(/Accept-Encoding/);
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(root(first.text)).toMatch(/aria-pressed="false"/);
    expect(first.text).not.toContain(tenant.user.username);
    expect(state(first.text).ROOT_QUERY.me ?? null).toBeNull();

    // Within the minute the page comes from memory: a change is not painted yet, the validator answers 304.
    await gw.db.query(`UPDATE properties SET title = 'Loft du canal, rénové' WHERE id = $1`, [p.id]);
    const again = await page(url);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(root(again.text)).toContain('Loft du canal');
    expect(root(again.text)).not.toContain('rénové');
    const revalidated = await page(url).set('If-None-Match', first.headers.etag);
    expect(revalidated.status).toBe(304);
    expect(revalidated.text ?? '').toBe('');

    // With a session the page is painted again, from the database, and stays private.
    const fresh = await tenant.agent.get(url).set('Accept', 'text/html');
    expect(fresh.headers['cache-control']).toBe('private, no-store');
    expect(root(fresh.text)).toContain('rénové');
  });

  it('should paint again once the minute is over, and keep nothing for a cookie, a token link or the shell', async () => {
    let renders = 0;
    const renderer: ServerRenderer = {
      render: async (url) => {
        renders += 1;
        return { html: `<p>rendu ${renders} de ${new URL(url).pathname}</p>`, state: {}, status: 200 };
      },
      serverRenderedRoute: () => '*',
      serverRedirect: () => null,
    };
    const web = express();
    web.use(
      staticWeb(dir, {
        serverRender: {
          renderer,
          execute: () => async () => ({}),
          viewerOf: async () => null,
          logger: captureLogger('warn').logger,
        },
        pageCacheTtlMs: 200,
      })!,
    );
    const get = (url: string) => request(web).get(url).set('Accept', 'text/html');
    expect((await get('/developers')).text).toContain('rendu 1');
    expect((await get('/developers')).text).toContain('rendu 1');
    expect((await get('/developers?x=1')).text).toContain('rendu 2');
    await new Promise((r) => setTimeout(r, 250));
    expect((await get('/developers')).text).toContain('rendu 3');

    // A request with a session cookie (here a stale one: painted signed out) is painted each time and revalidated.
    const withCookie = () => get('/developers').set('Cookie', `${SESSION_COOKIE}=s%3Aperime.sig`);
    const [a, b] = [await withCookie(), await withCookie()];
    expect([a.text, b.text].map((t) => /rendu (\d+)/.exec(t)![1])).toEqual(['4', '5']);
    expect(b.headers['cache-control']).toBe('no-cache');
    // A link carrying a token (password reset, e-mail check) is never kept, nor shared by a proxy.
    const [c, d] = [await get('/auth?token=secret'), await get('/auth?token=secret')];
    expect([c.text, d.text].map((t) => /rendu (\d+)/.exec(t)![1])).toEqual(['6', '7']);
    expect(d.headers['cache-control']).toBe('no-cache');
  });
});

describe('redirects answered by the server', () => {
  const location = (res: request.Response) => [res.status, res.headers.location];

  it('should send / to /dashboard with a 302, signed out as signed in', async () => {
    expect(location(await page('/'))).toEqual([302, '/dashboard']);
    const user = await signedInUser(gw);
    expect(location(await user.agent.get('/').set('Accept', 'text/html'))).toEqual([302, '/dashboard']);
  });

  it('should send a visitor without a session from a guarded screen to /auth, the screen kept in the query', async () => {
    expect(location(await page('/messages'))).toEqual([302, '/auth?retour=%2Fmessages']);
    expect(location(await page('/walks/3?jour=2'))).toEqual([302, '/auth?retour=%2Fwalks%2F3%3Fjour%3D2']);
    // Public screens are not guarded.
    expect((await page('/explorer')).status).toBe(200);
    expect((await page('/favorites')).status).toBe(200);
  });

  it('should send a signed-out cookie (its session destroyed) to /auth as well, and a live one to its screen', async () => {
    const user = await signedInUser(gw);
    const live = await user.agent.get('/history').set('Accept', 'text/html');
    expect(live.status).toBe(200);
    expect(live.text).toContain('<div id="root"></div>');
    await user.agent.post('/api/logout').expect(200);
    const stale = await gw.agent().get('/history').set('Accept', 'text/html').set('Cookie', user.cookie);
    expect(location(stale)).toEqual([302, '/auth?retour=%2Fhistory']);
  });

  it('should send a signed-in visitor of /auth on to the remembered screen, never to another origin', async () => {
    const user = await signedInUser(gw);
    const get = (url: string) => user.agent.get(url).set('Accept', 'text/html');
    expect(location(await get('/auth'))).toEqual([302, '/dashboard']);
    expect(location(await get('/auth?retour=%2Fmessages%2F4'))).toEqual([302, '/messages/4']);
    expect(location(await get('/auth?retour=%2F%2Fevil.example'))).toEqual([302, '/dashboard']);
    expect(location(await get('/auth?retour=https%3A%2F%2Fevil.example'))).toEqual([302, '/dashboard']);
    // A password-reset link is honoured signed in too.
    expect((await get('/auth?token=abc')).status).toBe(200);
    // Signed out, /auth is painted.
    expect((await page('/auth?retour=%2Fmessages')).status).toBe(200);
  });
});

describe('server render fallback', () => {
  it('should send the client shell and log when a render throws or takes over 300 ms', async () => {
    const capture = captureLogger('warn');
    const fake = (render: ServerRenderer['render']): ServerRenderer => ({
      render,
      serverRenderedRoute: () => '*',
      serverRedirect: () => null,
    });
    for (const renderer of [
      fake(
        () =>
          new Promise((resolve) => setTimeout(() => resolve({ html: '<p>tard</p>', state: {}, status: 200 }), 1_000)),
      ),
      fake(() => Promise.reject(new Error('boum'))),
    ]) {
      const web = express();
      const viewerOf = async () => null;
      web.use(
        staticWeb(dir, {
          serverRender: { renderer, execute: () => async () => ({}), viewerOf, logger: capture.logger },
        })!,
      );
      const res = await request(web).get('/developers').set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).not.toContain('tard');
    }
    expect(capture.text()).toContain('au-delà de 300 ms');
    expect(capture.text()).toContain('boum');
  });
});
