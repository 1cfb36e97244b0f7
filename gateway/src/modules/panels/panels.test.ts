import zlib from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG, PROPERTY_REF_ALPHABET } from '@flaneur/schema';
import express from 'express';
import jsQR from 'jsqr';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import request from 'supertest';
import { buildProperty, createProperty, insertProperties, signedInUser } from '../../../test/factories';
import { startGateway, TestGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { collect, waitFor } from '../../../test/subscribe';
import { wsClient } from '../../../test/ws';
import { staticWeb, WEB_DIST } from '../../http/static-web';
import { propertyRefs } from '../properties/property-ref';
import { panelLinks } from './panel-link';

let gw: TestGateway;
let port: number;
beforeAll(async () => {
  gw = await startGateway();
  port = await gw.listen(0, '127.0.0.1');
});
afterAll(() => gw.close());
afterEach(() => jest.restoreAllMocks());

const REF = /^[0-9A-HJKMNP-TV-Z]{6}$/;
const PUBLIC_URL = 'http://localhost:4000';

/** A random spot far from Paris and from other tests' listings. */
const remoteSpot = () => ({ latitude: -40 + Math.random() * 10, longitude: 140 + Math.random() * 20 });

/** A reference no listing holds yet, made of the given characters first (then random ones). */
async function freeRef(prefix = ''): Promise<string> {
  for (;;) {
    let ref = prefix;
    while (ref.length < 6) ref += PROPERTY_REF_ALPHABET[Math.floor(Math.random() * 32)];
    const [taken] = await gw.db.query('SELECT 1 FROM properties WHERE ref = $1', [ref]);
    if (!taken) return ref;
  }
}

const historyOf = (userId: number, propertyId: number): Promise<{ id: number; source: string | null }[]> =>
  gw.db.query('SELECT id, source FROM history_entries WHERE user_id = $1 AND property_id = $2', [userId, propertyId]);

// ─── PDF reading ────────────────────────────────────────────────────────────────────────────────────────────────

const WIN_ANSI_HIGH: Record<number, string> = { 0x80: '€', 0x85: '…', 0x92: '’', 0x96: '–', 0x97: '—', 0x9c: 'œ' };

/** The text runs of a page's content stream (each TJ array as one string), decoded from WinAnsi. */
function pageTexts(doc: PDFDocument): string[] {
  const contents = doc.getPage(0).node.Contents()!;
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  const ops = streams
    .map((s) => zlib.inflateSync(Buffer.from((s as PDFRawStream).contents)).toString('latin1'))
    .join('\n');
  return [...ops.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)].map((m) =>
    [...m[1].matchAll(/<([0-9a-fA-F]*)>/g)]
      .map((h) => [...Buffer.from(h[1], 'hex')].map((b) => WIN_ANSI_HIGH[b] ?? String.fromCharCode(b)).join(''))
      .join(''),
  );
}

/** The content of the page's QR code: its image XObject decoded to pixels, then read by jsQR. */
async function pageQr(doc: PDFDocument): Promise<string | null> {
  const xobjects = doc.getPage(0).node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
  for (const [, ref] of xobjects.entries()) {
    const image = doc.context.lookup(ref) as PDFRawStream;
    if (image.dict.get(PDFName.of('Subtype'))?.toString() !== '/Image') continue;
    const num = (k: string) => (image.dict.get(PDFName.of(k)) as PDFNumber).asNumber();
    const [width, height] = [num('Width'), num('Height')];
    expect(image.dict.get(PDFName.of('Filter'))?.toString()).toBe('/FlateDecode');
    const rgb = zlib.inflateSync(Buffer.from(image.contents));
    const rgba = await sharp(rgb, { raw: { width, height, channels: 3 } })
      .ensureAlpha()
      .raw()
      .toBuffer();
    const code = jsQR(new Uint8ClampedArray(rgba), width, height);
    if (code) return code.data;
  }
  return null;
}

async function panelOf(agent: request.Agent, id: number) {
  const res = await agent
    .get(`/api/properties/${id}/panel.pdf`)
    .buffer(true)
    .parse(binary as never);
  return res;
}
const binary = (res: NodeJS.ReadableStream, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

// ─── Tests ──────────────────────────────────────────────────────────────────────────────────────────────────────

describe('Property.ref', () => {
  it('should give every new listing 6 Crockford characters, unique, in GraphQL and in the REST JSON', async () => {
    const owner = await signedInUser(gw);
    const created = [];
    for (let i = 0; i < 30; i++) created.push(await createProperty(owner.agent, remoteSpot()));
    const refs = created.map((p) => p.ref as string);
    for (const ref of refs) expect(ref).toMatch(REF);
    expect(new Set(refs).size).toBe(refs.length);
    const one = await gql(owner.agent, 'query($id: ID!) { property(id: $id) { ref } }', { id: String(created[0].id) });
    expect(one.data!.property.ref).toBe(refs[0]);
    const rest = await owner.agent.get(`/api/properties/${created[1].id}`);
    expect(rest.body.ref).toBe(refs[1]);
  });

  it('should draw distinct references for thousands of rows inserted in one statement, and none is ever shared', async () => {
    const ids = await insertProperties(gw.db, 3000);
    const rows: { ref: string }[] = await gw.db.query('SELECT ref FROM properties WHERE id = ANY($1::int[])', [ids]);
    expect(rows).toHaveLength(3000);
    for (const { ref } of rows) expect(ref).toMatch(REF);
    expect(new Set(rows.map((r) => r.ref)).size).toBe(3000);
    const [{ shared }] = await gw.db.query(
      'SELECT count(*)::int AS shared FROM (SELECT ref FROM properties GROUP BY ref HAVING count(*) > 1) d',
    );
    expect(shared).toBe(0);
  });

  it('should draw again when the reference drawn is already taken', async () => {
    const owner = await signedInUser(gw);
    const first = await createProperty(owner.agent, remoteSpot());
    const draw = jest.spyOn(propertyRefs, 'draw').mockReturnValueOnce(first.ref as string);
    const res = await gql(
      owner.agent,
      'mutation($input: PropertyInput!) { createProperty(input: $input) { id ref } }',
      {
        input: buildProperty(remoteSpot()),
      },
    );
    expect(res.errors).toBeUndefined();
    expect(draw).toHaveBeenCalledTimes(2);
    expect(res.data!.createProperty.ref).toMatch(REF);
    expect(res.data!.createProperty.ref).not.toBe(first.ref);
  });
});

describe('propertyByRef', () => {
  it('should find a listing case-insensitively, reading I and L as 1 and O as 0', async () => {
    const owner = await signedInUser(gw);
    const listing = await createProperty(owner.agent, remoteSpot());
    const ref = await freeRef('10');
    await gw.db.query('UPDATE properties SET ref = $1 WHERE id = $2', [ref, listing.id]);
    const typed = `l${'o'}${ref.slice(2).toLowerCase()}`;
    const q = 'query($ref: String!) { propertyByRef(ref: $ref) { id ref } }';
    for (const variant of [ref, typed, `i O-${ref.slice(2, 4)} ${ref.slice(4)}`]) {
      const res = await gql(owner.agent, q, { ref: variant });
      expect(res.data!.propertyByRef).toEqual({ id: String(listing.id), ref });
    }
    // Anonymous integrators read it too (a public listing).
    expect((await gql(gw.agent(), q, { ref })).data!.propertyByRef.id).toBe(String(listing.id));
  });

  it('should answer null for an unknown reference and a French BAD_USER_INPUT for a malformed one', async () => {
    const q = 'query($ref: String!) { propertyByRef(ref: $ref) { id } }';
    expect((await gql(gw.agent(), q, { ref: await freeRef() })).data!.propertyByRef).toBeNull();
    for (const bad of ['ABC', 'ABCDEFG', 'ABCDEU', 'AB#DEF', '']) {
      const res = await gql(gw.agent(), q, { ref: bad });
      expect(res.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
      expect(res.errors![0].message).toBe(MSG.panelRefInvalid);
    }
  });
});

describe('GET /api/properties/:id/panel.pdf', () => {
  it('should give the owner a one-page A4 PDF « À VENDRE » whose QR code opens {PUBLIC_URL}/p/{ref}', async () => {
    const owner = await signedInUser(gw);
    const listing = await createProperty(owner.agent, {
      ...remoteSpot(),
      price: 1250000,
      size: 65.5,
      dpeRating: 'D',
      gesRating: 'B',
    });
    const res = await panelOf(owner.agent, listing.id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(res.headers['cache-control']).toBe('no-store');
    const doc = await PDFDocument.load(res.body);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeCloseTo(595.28, 2);
    expect(height).toBeCloseTo(841.89, 2);
    expect(await pageQr(doc)).toBe(`${PUBLIC_URL}/p/${listing.ref}`);
    const texts = pageTexts(doc);
    expect(texts).toContain('À VENDRE');
    expect(texts).not.toContain('À LOUER');
    expect(texts).toContain('1 250 000 €');
    expect(texts).toContain('Appartement · 65,5 m² · 3 pièces');
    expect(texts.join('\n')).toMatch(/DPE\) : D/);
    expect(texts.join('\n')).toMatch(/Classe climat \(GES\) : B/);
    expect(texts).toContain(listing.ref);
  });

  it('should print « À LOUER » and the monthly rent for a rental', async () => {
    const owner = await signedInUser(gw);
    const listing = await createProperty(owner.agent, {
      ...remoteSpot(),
      isRental: true,
      postalCode: '40000',
      price: 980,
      size: 20,
      bedrooms: 0,
      rooms: 1,
      type: 'apartment',
    });
    const res = await panelOf(owner.agent, listing.id);
    expect(res.status).toBe(200);
    const doc = await PDFDocument.load(res.body);
    expect(doc.getPageCount()).toBe(1);
    const texts = pageTexts(doc);
    expect(texts).toContain('À LOUER');
    expect(texts).not.toContain('À VENDRE');
    expect(texts).toContain('980 € / mois');
    expect(texts).toContain('Appartement · 20 m² · 1 pièce');
    expect(await pageQr(doc)).toBe(`${PUBLIC_URL}/p/${listing.ref}`);
  });

  it('should refuse the panel to others in French: 401 signed out, 403 another user, 404 unknown', async () => {
    const owner = await signedInUser(gw);
    const other = await signedInUser(gw);
    const listing = await createProperty(owner.agent, remoteSpot());
    const anonymous = await gw.agent().get(`/api/properties/${listing.id}/panel.pdf`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe(MSG.unauthenticated);
    const forbidden = await other.agent.get(`/api/properties/${listing.id}/panel.pdf`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(MSG.propertyForbidden);
    const missing = await owner.agent.get('/api/properties/2147483000/panel.pdf');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MSG.propertyNotFound);
  });
});

describe('GET /p/{ref}', () => {
  it('should redirect an anonymous visitor to the listing and record nothing', async () => {
    const owner = await signedInUser(gw);
    const listing = await createProperty(owner.agent, remoteSpot());
    const res = await gw.agent().get(`/p/${listing.ref}`).redirects(0);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/property/${listing.id}`);
    const [{ n }] = await gw.db.query('SELECT count(*)::int AS n FROM history_entries WHERE property_id = $1', [
      listing.id,
    ]);
    expect(n).toBe(0);
  });

  it('should record a panel discovery once for a signed-in user, with one live event, visible in GraphQL and REST', async () => {
    const owner = await signedInUser(gw);
    const listing = await createProperty(owner.agent, remoteSpot());
    const reg = await gw
      .agent()
      .post('/api/register')
      .send({
        username: `scan${Date.now()}${Math.floor(Math.random() * 1e6)}`,
        password: 'motdepasse-solide',
        email: `scan${Date.now()}${Math.floor(Math.random() * 1e6)}@example.fr`,
        firstName: 'Lou',
        lastName: 'Martin',
      });
    expect(reg.status).toBe(201);
    const cookie = reg.headers['set-cookie'][0].split(';')[0] as string;
    const scanner = {
      get: (url: string) => request(gw.app).get(url).set('Cookie', cookie),
      post: (url: string) => request(gw.app).post(url).set('Cookie', cookie),
    } as unknown as request.Agent;
    const ws = wsClient(port, { cookie, lazy: false });
    const live = collect(ws, 'subscription { discoveryAdded { entry { id source } property { id } } }');
    await live.ready;
    await new Promise((r) => setTimeout(r, 100));
    try {
      // Lower case, as a phone may type it: the same listing.
      const first = await scanner.get(`/p/${String(listing.ref).toLowerCase()}`).redirects(0);
      expect(first.status).toBe(302);
      expect(first.headers.location).toBe(`/property/${listing.id}`);
      const second = await scanner.get(`/p/${listing.ref}`).redirects(0);
      expect(second.status).toBe(302);
      const rows = await historyOf(reg.body.id, listing.id);
      expect(rows).toEqual([{ id: expect.any(Number), source: 'panel' }]);
      expect(await waitFor(() => live.events.length >= 1, 2000)).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
      expect(live.events).toEqual([
        {
          discoveryAdded: { entry: { id: String(rows[0].id), source: 'panel' }, property: { id: String(listing.id) } },
        },
      ]);
      const history = await gql(scanner, '{ history { entry { source isViewed } property { id } } }');
      expect(history.data!.history).toContainEqual({
        entry: { source: 'panel', isViewed: false },
        property: { id: String(listing.id) },
      });
      const rest = await scanner.get('/api/history');
      const item = rest.body.find((i: { property: { id: number } }) => i.property.id === listing.id);
      expect(item.entry.source).toBe('panel');
    } finally {
      live.unsubscribe();
      await ws.dispose();
    }
  });

  it('should record nothing for the owner scanning their own panel, nor for a listing already in Découvertes', async () => {
    const owner = await signedInUser(gw);
    const walker = await signedInUser(gw);
    const listing = await createProperty(owner.agent, remoteSpot());
    expect((await owner.agent.get(`/p/${listing.ref}`).redirects(0)).status).toBe(302);
    expect(await historyOf(owner.user.id, listing.id)).toEqual([]);
    // Opened first (no source), then scanned: the entry stays as it was.
    await walker.agent.patch('/api/history/view').send({ propertyId: listing.id });
    expect((await walker.agent.get(`/p/${listing.ref}`).redirects(0)).status).toBe(302);
    expect(await historyOf(walker.user.id, listing.id)).toEqual([{ id: expect.any(Number), source: null }]);
  });

  it('should answer 404 for an unknown or malformed reference: the web app when built, else a French page', async () => {
    const built = fs.existsSync(path.join(WEB_DIST, 'index.html'));
    for (const ref of [await freeRef(), 'ABC', 'UUUUUU']) {
      const res = await gw.agent().get(`/p/${ref}`).set('Accept', 'text/html').redirects(0);
      expect(res.status).toBe(404);
      expect(res.text).toContain(built ? '<div id="root">' : 'Aucune annonce ne porte cette référence.');
    }
    const bare = express().use('/p', panelLinks(gw.services, { spa: false }));
    const res = await request(bare)
      .get(`/p/${await freeRef()}`)
      .set('Accept', 'text/html');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('Aucune annonce ne porte cette référence.');
  });

  it('should serve the web app with 404 for an unknown reference when it is built, so its router shows not-found', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-web-'));
    const html = '<!doctype html><html><body><div id="root"></div></body></html>\n';
    fs.writeFileSync(path.join(dir, 'index.html'), html);
    try {
      const app = express();
      app.use('/p', panelLinks(gw.services, { spa: true }));
      app.use(staticWeb(dir)!);
      const res = await request(app)
        .get(`/p/${await freeRef()}`)
        .set('Accept', 'text/html');
      expect(res.status).toBe(404);
      expect(res.text).toBe(html);
      const owner = await signedInUser(gw);
      const listing = await createProperty(owner.agent, remoteSpot());
      const found = await request(app).get(`/p/${listing.ref}`).redirects(0);
      expect(found.status).toBe(302);
      expect(found.headers.location).toBe(`/property/${listing.id}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('HistoryEntry.source', () => {
  it('should be walk for a discovery while walking and simulation for the simulated one', async () => {
    const owner = await signedInUser(gw);
    const walker = await signedInUser(gw);
    const spot = remoteSpot();
    const listing = await createProperty(owner.agent, { ...spot, price: 100000 });
    const report = await gql(
      walker.agent,
      'mutation($lat: Float!, $lng: Float!) { reportLocation(latitude: $lat, longitude: $lng, accuracy: 10) { newDiscoveries { id } } }',
      { lat: spot.latitude, lng: spot.longitude },
    );
    expect(report.data!.reportLocation.newDiscoveries.map((p: { id: string }) => p.id)).toContain(String(listing.id));
    expect((await historyOf(walker.user.id, listing.id))[0].source).toBe('walk');
    const simulated = await gql(walker.agent, 'mutation { simulateDiscovery { entry { source } property { id } } }');
    expect(simulated.data!.simulateDiscovery.entry.source).toBe('simulation');
    const rest = await walker.agent.get('/api/history');
    const sources = new Map(
      rest.body.map((i: { entry: { source: string }; property: { id: number } }) => [i.property.id, i.entry.source]),
    );
    expect(sources.get(listing.id)).toBe('walk');
    expect(sources.get(Number(simulated.data!.simulateDiscovery.property.id))).toBe('simulation');
  });
});
