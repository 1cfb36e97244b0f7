import fs from 'node:fs';
import { buildSchema, parse } from 'graphql';
import { createProperty, signedInUser } from '../../test/factories';
import { useGateway } from '../../test/gateway';
import { gql } from '../../test/graphql';
import { jitGateway } from './jit-executor';

/*
 * The two GraphQL executors answer alike: the web's own trusted documents, and the cases graphql-jit is known to
 * get wrong (absent input fields, @include/@skip with variables and defaults, custom scalars, errors' paths and
 * French messages), sent to a gateway on each executor over the same database.
 */

const jit = useGateway({ env: { GRAPHQL_EXECUTOR: 'jit' }, startOutbox: false });
const js = useGateway({ env: { GRAPHQL_EXECUTOR: 'graphql-js' }, startOutbox: false });

const manifest: Record<string, string> = JSON.parse(
  fs.readFileSync(`${__dirname}/../../../web/src/gql/persisted-documents.json`, 'utf8'),
);
const trustedQuery = (name: string) => {
  const text = Object.values(manifest).find((t) => new RegExp(`(^| )query ${name}\\b`).test(t));
  if (!text) throw new Error(`no trusted query ${name}`);
  return text;
};

async function bothSignedIn() {
  const owner = await signedInUser(jit);
  const other = js.agent();
  const login = await other.post('/api/login').send({ username: owner.user.username, password: owner.password });
  expect(login.status).toBe(200);
  return { owner, agents: [owner.agent, other] as const };
}

describe('graphql-jit and graphql-js answer alike', () => {
  it("runs the web's trusted queries with the same answers", async () => {
    const { owner, agents } = await bothSignedIn();
    const p = await createProperty(owner.agent, { title: 'Deux exécuteurs', city: 'Quimper' });
    const cases: [string, Record<string, unknown>][] = [
      ['Me', {}],
      ['PropertyDetail', { id: String(p.id) }],
      ['ListingForEdit', { id: String(p.id) }],
      ['MyProperties', {}],
      ['Favorites', {}],
      ['Preferences', {}],
      ['NotificationSettings', {}],
      ['PublicProfile', { username: owner.user.username }],
      ['ExploreProperties', { filter: { city: 'Quimper' }, first: 5 }],
      ['Walks', { first: 3 }],
      ['PropertyByRef', { ref: 'ZZZZZZ' }],
    ];
    for (const [name, variables] of cases) {
      const query = trustedQuery(name);
      const [a, b] = [await gql(agents[0], query, variables), await gql(agents[1], query, variables)];
      expect({ name, ...a }).toEqual({ name, ...b });
      expect(a.status).toBe(200);
    }
  });

  it('treats absent input fields, @include/@skip with variables and defaults, and scalars alike', async () => {
    const { owner, agents } = await bothSignedIn();
    const p = await createProperty(owner.agent, { title: 'Directives', city: 'Morlaix' });
    const query = `query Directives($id: ID!, $withOwner: Boolean = false, $hideCity: Boolean!, $filter: PropertyFilterInput = { city: "Morlaix" }) {
      property(id: $id) {
        id title createdAt
        city @skip(if: $hideCity)
        owner @include(if: $withOwner) { username }
      }
      properties(filter: $filter, first: 2) { nodes { id price } pageInfo { hasNextPage } }
    }`;
    for (const variables of [
      { id: String(p.id), hideCity: false },
      { id: String(p.id), hideCity: true, withOwner: true },
      // A filter of its own leaves the other input fields absent; its city keeps other test files' listings,
      // published between the two requests, out of the page.
      { id: String(p.id), hideCity: false, filter: { isRental: false, city: 'Morlaix' } },
    ]) {
      const [a, b] = [await gql(agents[0], query, variables), await gql(agents[1], query, variables)];
      expect(a).toEqual(b);
      expect(a.errors).toBeUndefined();
      expect(a.data!.property.city === undefined).toBe(variables.hideCity);
      expect(typeof a.data!.property.createdAt).toBe('string');
    }
  });

  it('answers the same errors: codes, French messages, paths and partial data', async () => {
    const { agents } = await bothSignedIn();
    for (const [query, variables] of [
      ['query($id: ID!) { property(id: $id) { id title } }', { id: '999999999' }],
      ['query($first: Int) { properties(first: $first) { nodes { id } } }', { first: 0 }],
      ['query($f: PropertyFilterInput) { properties(filter: $f) { nodes { id } } }', { f: { types: ['castle'] } }],
      ['query { me { id } properties(first: 101) { nodes { id } } }', {}],
    ] as const) {
      const [a, b] = [await gql(agents[0], query, variables), await gql(agents[1], query, variables)];
      expect(a).toEqual(b);
      expect(a.errors?.length).toBeGreaterThan(0);
      expect(a.errors![0].message).not.toMatch(/internal server error/i);
      expect(a.errors![0].extensions!.code).not.toMatch(/^(GRAPHQL_VALIDATION_FAILED|INTERNAL_SERVER_ERROR)$/);
    }
  });
});

describe('jitGateway', () => {
  const schema = buildSchema('type Query { hello(name: String = "toi"): String } type Mutation { touch: Int }');
  schema.getQueryType()!.getFields().hello.resolve = (_s, args: { name: string }) => `Bonjour ${args.name}`;
  schema.getMutationType()!.getFields().touch.resolve = () => 1;

  const request = (text: string, hash: string) => {
    const document = parse(text);
    const operation = document.definitions[0] as import('graphql').OperationDefinitionNode;
    return { request: { variables: {} }, document, operation, operationName: null, queryHash: hash, context: {} };
  };

  it('compiles a trusted query at start, any other query once, and leaves mutations to graphql-js', async () => {
    const gateway = jitGateway(schema, [['h1', '{ hello }']]);
    let apiSchema: unknown;
    gateway.onSchemaLoadOrUpdate((s) => (apiSchema = s.apiSchema));
    const { executor } = await gateway.load({ apollo: {} });
    expect(apiSchema).toBe(schema);
    expect(gateway.compiledCount).toBe(1);
    const run = (text: string, hash: string) => executor!(request(text, hash) as never);
    expect(await run('{ hello }', 'h1')).toEqual({ data: { hello: 'Bonjour toi' } });
    expect(gateway.compiledCount).toBe(1);
    expect(await run('{ a: hello(name: "Zoé") }', 'h2')).toEqual({ data: { a: 'Bonjour Zoé' } });
    expect(await run('{ a: hello(name: "Zoé") }', 'h2')).toEqual({ data: { a: 'Bonjour Zoé' } });
    expect(gateway.compiledCount).toBe(2);
    expect(await run('mutation { touch }', 'h3')).toEqual({ data: { touch: 1 } });
    expect(gateway.compiledCount).toBe(2);
  });
});
