import { startGateway, TestGateway } from '../../test/gateway';
import { gql } from '../../test/graphql';
import { wsClient, wsExecute } from '../../test/ws';
import { GRAPHQL_LIMITS } from './limits';

let gw: TestGateway;
let port: number;
beforeAll(async () => {
  gw = await startGateway();
  port = await gw.listen(0, '127.0.0.1');
});
afterAll(() => gw.close());

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

  it('should answer 400 when the document has more tokens than the limit, over HTTP and over the websocket', async () => {
    const query = manyTokens(GRAPHQL_LIMITS.maxTokens + 10);
    const res = await gql(gw.agent(), query);
    expect(res.status).toBe(400);
    expect(res.errors![0].message).toBe(`Syntax Error: Token limit of ${GRAPHQL_LIMITS.maxTokens} exceeded.`);
    const under = await gql(gw.agent(), manyTokens(GRAPHQL_LIMITS.maxTokens - 10));
    expect(under.status).toBe(200);
    expect(JSON.stringify(under.errors ?? [])).not.toContain('Token limit');
    const client = wsClient(port);
    try {
      const ws = await wsExecute(client, query);
      expect(ws.errors?.[0].message).toBe(`Syntax Error: Token limit of ${GRAPHQL_LIMITS.maxTokens} exceeded.`);
    } finally {
      await client.dispose();
    }
  });
});
