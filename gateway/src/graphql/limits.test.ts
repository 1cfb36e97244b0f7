import { GRAPHQL_DOCUMENT_LIMITS, MSG } from '@flaneur/schema';
import { useGateway } from '../../test/gateway';
import { gql } from '../../test/graphql';
import { wsClient, wsExecute } from '../../test/ws';
import { GRAPHQL_LIMITS } from './limits';

const gw = useGateway({ listen: true });

/** A query of about `n` tokens, most of them in one list argument (cheap to validate and to run). */
const manyTokens = (n: number) =>
  `{ properties(first: 1, filter: { bedrooms: [${'1 '.repeat(n - 17)}] }) { nodes { id } } }`;

describe('GraphQL request limits', () => {
  it.each([
    ['an unterminated string', '{ user(username: "a) { id } }'],
    ['an invalid unicode escape', '{ user(username: "\\udfff") { id } }'],
    ['an unknown escape', '{ user(username: "\\uZZZZ") { id } }'],
    ['a lone brace', '{'],
  ])('should answer 400 GRAPHQL_PARSE_FAILED, not 500, when the document has %s', async (_name, query) => {
    const res = await gql(gw.agent(), query);
    expect(res.status).toBe(400);
    expect(res.errors![0].extensions!.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it(`should refuse a document over ${GRAPHQL_DOCUMENT_LIMITS.maxChars} characters before parsing it, over HTTP and over the websocket`, async () => {
    const small = '{ me { id } }';
    // Whitespace only: few tokens, so only the length can refuse it.
    const padded = small + ' '.repeat(2 * GRAPHQL_DOCUMENT_LIMITS.maxChars);
    const refused = { message: MSG.graphqlDocumentTooLong, extensions: { code: 'BAD_USER_INPUT' } };
    const res = await gql(gw.agent(), padded);
    expect(res.status).toBe(400);
    expect(res.errors).toEqual([refused]);
    expect((await gql(gw.agent(), small.padEnd(GRAPHQL_DOCUMENT_LIMITS.maxChars, ' '))).status).toBe(200);
    // On GET, a comment (kept short in the URL) makes the length.
    const commented = `${small} #${'x'.repeat(GRAPHQL_DOCUMENT_LIMITS.maxChars)}`;
    const get = await gw.agent().get('/graphql').query({ query: commented }).set('apollo-require-preflight', '1');
    expect(get.status).toBe(400);
    expect(get.body.errors).toEqual([refused]);
    const client = wsClient(gw.port);
    try {
      expect((await wsExecute(client, padded)).errors).toEqual([refused]);
      expect((await wsExecute(client, small.padEnd(GRAPHQL_DOCUMENT_LIMITS.maxChars, ' '))).errors).toBeUndefined();
    } finally {
      await client.dispose();
    }
  });

  it('should answer 400 when the document has more tokens than the limit, over HTTP and over the websocket', async () => {
    const query = manyTokens(GRAPHQL_LIMITS.maxTokens + 10);
    const res = await gql(gw.agent(), query);
    expect(res.status).toBe(400);
    expect(res.errors![0].message).toBe(`Syntax Error: Token limit of ${GRAPHQL_LIMITS.maxTokens} exceeded.`);
    const under = await gql(gw.agent(), manyTokens(GRAPHQL_LIMITS.maxTokens - 10));
    expect(under.status).toBe(200);
    expect(JSON.stringify(under.errors ?? [])).not.toContain('Token limit');
    const client = wsClient(gw.port);
    try {
      const ws = await wsExecute(client, query);
      expect(ws.errors?.[0].message).toBe(`Syntax Error: Token limit of ${GRAPHQL_LIMITS.maxTokens} exceeded.`);
    } finally {
      await client.dispose();
    }
  });
});
