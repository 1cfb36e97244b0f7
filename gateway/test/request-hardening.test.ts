import { MSG } from '@flaneur/schema';
import express from 'express';
import request from 'supertest';
import { createErrorHandler } from '../src/http/error-handler';
import { jsonBody } from '../src/http/json-body';
import { captureLogger } from './capture-logger';
import { signedInUser } from './factories';
import { useGateway } from './gateway';
import { gql } from './graphql';

const log = captureLogger();
const gw = useGateway({ logger: log.logger });

describe('logs', () => {
  beforeEach(() => log.clear());
  afterEach(() => jest.restoreAllMocks());

  it('should redact the parameters of a database error (they can hold an e-mail)', async () => {
    const secret = 'adresse-secrete@example.fr';
    const dbError = await gw.db.query('SELECT 1 / 0 WHERE $1::text IS NOT NULL', [secret]).catch((e: unknown) => e);
    jest.spyOn(gw.services.users, 'publicProfile').mockRejectedValueOnce(dbError);
    const res = await gw.agent().get('/api/users/quelquun');
    expect(res.status).toBe(500);
    expect(log.text()).toContain('division by zero');
    expect(log.text()).not.toContain(secret);
  });

  it('should log the path of a failed REST request without its query string', async () => {
    jest.spyOn(gw.services.users, 'publicProfile').mockRejectedValueOnce(new Error('boom'));
    const res = await gw.agent().get('/api/users/quelquun?token=jeton-secret-123');
    expect(res.status).toBe(500);
    expect(log.text()).toContain('/api/users/quelquun');
    expect(log.text()).not.toContain('jeton-secret-123');
  });
});

describe('JSON bodies', () => {
  it('should refuse a JSON body over 100 kB with 413, REST and GraphQL', async () => {
    const big = { bio: 'a'.repeat(101 * 1024) };
    const rest = await gw.agent().post('/api/login').send(big);
    expect(rest.status).toBe(413);
    expect(rest.body).toEqual({ message: MSG.payloadTooLarge });
    const graphql = await gw.agent().post('/graphql').send({ query: '{ __typename }', variables: big });
    expect(graphql.status).toBe(413);
    // Just under the limit is still parsed (then refused for what it says, not for its size).
    const under = await gw
      .agent()
      .post('/api/login')
      .send({ username: 'a'.repeat(90 * 1024), password: 'x' });
    expect(under.status).toBe(400);
  });

  it('should refuse deeply nested JSON with 400 without parsing it, and accept 32 levels', async () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000); // 100 kB of nesting
    const started = Date.now();
    const res = await gw.agent().post('/api/login').set('Content-Type', 'application/json').send(deep);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MSG.jsonTooDeep });
    expect(Date.now() - started).toBeLessThan(1000);

    const nested = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    const ok = await gw
      .agent()
      .post('/api/login')
      .set('Content-Type', 'application/json')
      .send(`{"username":"quelquun","password":"mauvais-mdp","extra":${nested(31)}}`);
    expect(ok.status).toBe(401);
    // Brackets inside strings are not nesting.
    const inString = await gw
      .agent()
      .post('/api/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ username: 'quelquun', password: '[{'.repeat(70) + '"[' }));
    expect(inString.status).toBe(401);

    const graphql = await gw.agent().post('/graphql').set('Content-Type', 'application/json').send(deep);
    expect(graphql.status).toBe(400);
    expect(graphql.body).toEqual({ message: MSG.jsonTooDeep });
  });
});

describe('jsonBody per-route limits', () => {
  it('should let a listed route take a larger body while the others keep 100 kB', async () => {
    const app = express();
    app.use(jsonBody({}, { '/batch': { maxBytes: 1024 * 1024 } }));
    app.post(['/batch', '/other'], (req, res) => void res.json({ size: JSON.stringify(req.body).length }));
    app.use(createErrorHandler(log.logger));
    const body = { items: 'x'.repeat(200 * 1024) };
    expect((await request(app).post('/batch').send(body)).status).toBe(200);
    expect((await request(app).post('/other').send(body)).status).toBe(413);
  });
});

describe('exportMyData throttle', () => {
  it('should allow 5 exports per hour per account, REST and GraphQL together, 429 after', async () => {
    const { agent } = await signedInUser(gw);
    for (let i = 0; i < 4; i += 1) expect((await agent.get('/api/users/me/export')).status).toBe(200);
    expect((await gql(agent, '{ exportMyData }')).errors).toBeUndefined();
    const rest = await agent.get('/api/users/me/export');
    expect(rest.status).toBe(429);
    expect(rest.body.message).toBe(MSG.tooManyRequests);
    const graphql = await gql(agent, '{ exportMyData }');
    expect(graphql.errors![0].extensions!.code).toBe('TOO_MANY_REQUESTS');
  });

  it('should count one export per request whatever the aliases', async () => {
    const { agent } = await signedInUser(gw);
    const aliased = `{ ${Array.from({ length: 10 }, (_, i) => `e${i}: exportMyData`).join(' ')} }`;
    const first = await gql(agent, aliased);
    expect(first.errors).toBeUndefined();
    expect(Object.keys(first.data!)).toHaveLength(10);
    for (let i = 0; i < 4; i += 1) expect((await gql(agent, '{ exportMyData }')).errors).toBeUndefined();
    expect((await gql(agent, '{ exportMyData }')).errors![0].extensions!.code).toBe('TOO_MANY_REQUESTS');
  });
});
