import crypto from 'node:crypto';
import fs from 'node:fs';
import { MSG } from '@flaneur/schema';
import request from 'supertest';
import { loadConfig } from '../config';
import { buildUser, insertProperties } from '../../test/factories';
import { TEST_VAPID, useGateway } from '../../test/gateway';
import { wsClient, wsExecute } from '../../test/ws';
import { loadPersistedDocuments } from './persisted-documents';

const MANIFEST = loadConfig({ NODE_ENV: 'test' }).persistedDocumentsFile;
const WEB_DOCUMENTS = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Record<string, string>;

/** The bare sha256 of the web's operation `name`, and its text. */
function webDocument(name: string): { hash: string; text: string } {
  const found = Object.entries(WEB_DOCUMENTS).find(([, text]) => new RegExp(`(query|mutation) ${name}\\b`).test(text));
  if (!found) throw new Error(`no web document ${name}`);
  return { hash: found[0].replace(/^sha256:/, ''), text: found[1] };
}

const PROPERTY = webDocument('PropertyDetail');
const ME = webDocument('Me');
const FREE = '{ me { id username } }';
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const byHash = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });

/** GET /graphql by hash, with the CSRF preflight header as the web sends it. */
function getByHash(agent: request.Agent | request.SuperTest<request.Test>, hash: string, variables?: object) {
  return agent
    .get('/graphql')
    .query({
      extensions: JSON.stringify(byHash(hash)),
      ...(variables ? { variables: JSON.stringify(variables) } : {}),
    })
    .set('apollo-require-preflight', 'true');
}

describe('the manifest', () => {
  it('should refuse at start a manifest whose hash is not the sha256 of its text', () => {
    const file = `${fs.mkdtempSync('/tmp/flaneur-pd-')}/persisted-documents.json`;
    fs.writeFileSync(file, JSON.stringify({ [`sha256:${sha256('{ a }')}`]: '{ b }' }));
    expect(() => loadPersistedDocuments(file)).toThrow(/not the sha256 of its text/);
    expect(() => loadPersistedDocuments(`${file}.missing`)).toThrow(/npm run codegen/);
  });

  it('should hold every operation of the web, each under the sha256 of its text', () => {
    const documents = loadPersistedDocuments(MANIFEST);
    expect(documents.size).toBe(Object.keys(WEB_DOCUMENTS).length);
    expect(documents.size).toBeGreaterThan(30);
  });
});

describe('trusted documents outside production', () => {
  const gw = useGateway();

  it('should answer a known query by hash over GET and over POST', async () => {
    const [id] = await insertProperties(gw.db, 1);
    const get = await getByHash(gw.agent(), PROPERTY.hash, { id: String(id) });
    expect(get.status).toBe(200);
    expect(get.body.errors).toBeUndefined();
    expect(get.body.data.property).toMatchObject({ __typename: 'Property', id: String(id) });

    const post = await gw
      .agent()
      .post('/graphql')
      .send({ variables: { id: String(id) }, extensions: byHash(PROPERTY.hash) });
    expect(post.status).toBe(200);
    expect(post.body.data.property.id).toBe(String(id));
  });

  it('should answer PERSISTED_QUERY_NOT_FOUND in French for an unknown hash, over GET and POST', async () => {
    const unknown = sha256('query Unknown { __typename }');
    for (const res of [
      await getByHash(gw.agent(), unknown),
      await gw
        .agent()
        .post('/graphql')
        .send({ extensions: byHash(unknown) }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        errors: [{ message: MSG.persistedQueryNotFound, extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }],
      });
      expect(res.headers['cache-control']).toMatch(/private/);
    }
  });

  it('should never register a document a client sends with its hash (no automatic persisted queries)', async () => {
    const text = '{ __typename }';
    const sent = await gw
      .agent()
      .post('/graphql')
      .send({ query: text, extensions: byHash(sha256(text)) });
    expect(sent.body).toEqual({ data: { __typename: 'Query' } });
    const again = await gw
      .agent()
      .post('/graphql')
      .send({ extensions: byHash(sha256(text)) });
    expect(again.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('should accept free documents from anybody (the Sandbox)', async () => {
    const res = await gw.agent().post('/graphql').send({ query: '{ __typename }' });
    expect(res.body).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('trusted documents in production', () => {
  // Behind one proxy that speaks HTTPS to the browser: the Secure session cookie is set and sent back.
  const gw = useGateway({ listen: true, env: { NODE_ENV: 'production', TRUST_PROXY: '1', ...TEST_VAPID } });
  const http = () => request(`http://127.0.0.1:${gw.port}`);
  const post = (body: object, headers: Record<string, string> = {}) =>
    http().post('/graphql').set('X-Forwarded-Proto', 'https').set(headers).send(body);

  async function signedInCookie(): Promise<string> {
    const registered = await http().post('/api/register').set('X-Forwarded-Proto', 'https').send(buildUser());
    expect(registered.status).toBe(201);
    return registered.headers['set-cookie'][0].split(';')[0];
  }

  it("should refuse a cookie session's free document with 400 PERSISTED_QUERY_REQUIRED, and answer it by hash", async () => {
    const cookie = await signedInCookie();
    const refused = await post({ query: FREE }, { Cookie: cookie });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      errors: [{ message: MSG.persistedQueryRequired, extensions: { code: 'PERSISTED_QUERY_REQUIRED' } }],
    });

    const byItsHash = await post({ extensions: byHash(ME.hash) }, { Cookie: cookie });
    expect(byItsHash.status).toBe(200);
    expect(byItsHash.body.data.me.username).toEqual(expect.any(String));
    // The exact text of one of the web's documents is that document.
    const asText = await post({ query: ME.text }, { Cookie: cookie });
    expect(asText.body.data.me.id).toBe(byItsHash.body.data.me.id);
  });

  it('should refuse an anonymous free document, over GET and POST', async () => {
    expect((await post({ query: '{ __typename }' })).status).toBe(400);
    const get = await http().get('/graphql').query({ query: '{ __typename }' }).set('apollo-require-preflight', 'true');
    expect(get.status).toBe(400);
    expect(get.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_REQUIRED');
  });

  it('should read every URL parameter as Apollo does: a free document after 1,000 others is still refused', async () => {
    const cookie = await signedInCookie();
    const padding = Array.from({ length: 1000 }, (_, i) => `p${i}=`).join('&');
    const get = (query: string, headers: Record<string, string> = {}) =>
      http()
        .get(`/graphql?${padding}&query=${encodeURIComponent(query)}`)
        .set('apollo-require-preflight', 'true')
        .set('X-Forwarded-Proto', 'https')
        .set(headers);
    for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[]) {
      const free = await get(FREE, headers);
      expect([free.status, free.body.errors?.[0].extensions.code]).toEqual([400, 'PERSISTED_QUERY_REQUIRED']);
      // The document's length limit reads the same parameters.
      const long = await get(`{ ${'x'.repeat(8100)}: __typename }`, headers);
      expect([long.status, long.body.errors?.[0].message]).toEqual([400, MSG.graphqlDocumentTooLong]);
    }
  });

  it('should hold the websocket to the same rule: free documents refused without a token, the web by hash', async () => {
    const cookie = await signedInCookie();
    for (const socket of [wsClient(gw.port), wsClient(gw.port, { cookie })]) {
      for (const query of [FREE, 'mutation { logout }', '{ __typename }']) {
        const refused = await wsExecute(socket, query);
        expect(refused.data ?? null).toBeNull();
        expect(refused.errors?.[0]).toMatchObject({
          message: MSG.persistedQueryRequired,
          extensions: { code: 'PERSISTED_QUERY_REQUIRED' },
        });
      }
      // A known hash runs the manifest's text, whatever text comes with it.
      const byItsHash = await wsExecute(socket, FREE, undefined, byHash(ME.hash));
      expect(byItsHash.errors).toBeUndefined();
      expect(Object.keys(byItsHash.data ?? {})).toEqual(['me']);
      await socket.dispose();
    }
  });

  it('should accept free documents from an access token (its cost budget applies)', async () => {
    const cookie = await signedInCookie();
    const created = await http()
      .post('/api/access-tokens')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', cookie)
      .send({ name: 'Intégration', scopes: ['profile:read'], currentPassword: buildUser().password });
    expect(created.status).toBe(201);
    const res = await post({ query: FREE }, { Authorization: `Bearer ${created.body.token}` });
    expect(res.status).toBe(200);
    expect(res.body.data.me.username).toEqual(expect.any(String));
    expect(res.body.extensions.cost.requestedQueryCost).toEqual(expect.any(Number));
  });

  it('should answer an anonymous GET by hash of a listing as a cacheable public read', async () => {
    const [id] = await insertProperties(gw.db, 1);
    const first = await getByHash(http(), PROPERTY.hash, { id: String(id) });
    expect(first.status).toBe(200);
    expect(first.body.data.property.id).toBe(String(id));
    expect(first.headers['cache-control']).toMatch(/^public/);
    expect(first.headers.etag).toEqual(expect.any(String));
    const revalidated = await getByHash(http(), PROPERTY.hash, { id: String(id) }).set(
      'If-None-Match',
      first.headers.etag,
    );
    expect(revalidated.status).toBe(304);
  });
});
