import fs from 'node:fs';
import path from 'node:path';
import { FEED_MSG, LISTING_MSG, MARKET_MSG, MODERATION_MSG, MSG, WALK_MSG } from '@flaneur/schema';
import fc from 'fast-check';
import { buildSchema as parseSdl, GraphQLField, GraphQLSchema } from 'graphql';
import type request from 'supertest';
import { buildAppSchema } from '../src/graphql/build-schema';
import { createAppPubSub } from '../src/graphql/pubsub';
import { apiRouter } from '../src/wiring/api-router';
import type { Services } from '../src/wiring/services';
import { richUser } from './account-scene';
import { buildUser } from './factories';
import {
  anyBody,
  anyFileBytes,
  anyQuery,
  anySegment,
  anyString,
  inlineOperationFor,
  operationFor,
  realIds,
  toQueryString,
  variablesFor,
} from './fuzz-inputs';
import { useGateway } from './gateway';
import { wsClient, wsExecute } from './ws';

/**
 * Property-based fuzzing of the whole public surface: every REST route and every GraphQL query and mutation
 * gets arbitrary inputs, as a signed-in user and as a visitor. Whatever the input: never a 5xx, never a stack
 * trace or SQL in an answer, and every REST error (and every resolver error) carries a French message.
 * Bounded: RUNS inputs per route or operation, a fixed seed (FUZZ_SEED and FUZZ_RUNS override them; FUZZ_DUMP=file
 * keeps the whole answer that broke a rule). Some inputs use the ids of a real scene (listings, conversation,
 * documents) so that they reach the rules behind "not found".
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20240901);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/**
 * Per route or operation: a run is two requests (and a registration, a password hash, for the session-changing
 * ones); a safety net, not a timing gate: 30 s timed out a registration's twenty runs on a busy 2-core machine.
 */
const TIMEOUT_MS = Math.max(90_000, RUNS * 3_000);
const FRENCH = new Set<string>([
  ...Object.values(MSG),
  ...Object.values(WALK_MSG),
  ...Object.values(LISTING_MSG),
  ...Object.values(FEED_MSG),
  ...Object.values(MODERATION_MSG),
  ...Object.values(MARKET_MSG),
  'Cette opération doit passer par HTTP.',
]);
const STACK = /\n\s+at |\bat \/|node_modules|QueryFailedError|EntityNotFound|TypeError|ReferenceError|stacktrace/;
const SQL = /\bSELECT |\bINSERT |\bUPDATE "|\bDELETE FROM|\bWHERE "|violates .* constraint|syntax error at/;
/** Multipart routes and the field their file goes in. */
const FILE_FIELDS: Record<string, string> = {
  'POST /api/upload': 'images',
  'POST /api/users/profile-picture': 'profilePicture',
  'POST /api/tenant-files/upload': 'file',
  'POST /api/feeds/imports': 'feed',
};

/** Every route of the REST shim, read from the Express routers (sub-routers are mounted at the root). */
function routesOf(router: { stack: unknown[] }): string[] {
  const out: string[] = [];
  for (const layer of router.stack as {
    route?: { path: string; methods: Record<string, boolean> };
    handle?: { stack?: unknown[] };
  }[]) {
    if (layer.route)
      for (const m of Object.keys(layer.route.methods)) out.push(`${m.toUpperCase()} /api${layer.route.path}`);
    else if (layer.handle?.stack) out.push(...routesOf(layer.handle as { stack: unknown[] }));
  }
  return out;
}
// Building the routers registers handlers only: no service is called.
const ROUTES = routesOf(apiRouter({} as Services, 'http://localhost:4000'));
// The committed SDL names the operations at collection time; beforeAll checks it against the built schema.
const SDL = parseSdl(fs.readFileSync(path.join(__dirname, '../../schema/schema.graphql'), 'utf8'));
const OPERATIONS = [
  ...Object.keys(SDL.getQueryType()!.getFields()).map((f) => `query ${f}`),
  ...Object.keys(SDL.getMutationType()!.getFields()).map((f) => `mutation ${f}`),
];

const gw = useGateway({ env: { TRUST_PROXY: '1' } });
let schema: GraphQLSchema;
let scene: Awaited<ReturnType<typeof richUser>>;
let signedIn: request.Agent;
let ip = 0;
/** A fresh client address per request (TRUST_PROXY=1): the per-address throttles stay out of the way. */
const nextIp = () => `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}`;

beforeAll(async () => {
  scene = await richUser(gw);
  signedIn = scene.me.agent;
  realIds.push(
    scene.me.user.id,
    scene.other.user.id,
    scene.myListing.id,
    scene.otherListing.id,
    scene.myDocId,
    scene.otherDocId,
    scene.conversationId,
  );
  schema = await buildAppSchema({ pubSub: createAppPubSub().pubsub });
}, 60_000);

/** Inputs that end or switch the session run, as the signed-in user, on a throwaway account of their own. */
const SESSION_CHANGING = /^(POST \/api\/(logout|login|register)|mutation (logout|login|register))$/;
async function signedInFor(operation: string): Promise<request.Agent> {
  if (!SESSION_CHANGING.test(operation)) return signedIn;
  const agent = gw.agent();
  const res = await agent.post('/api/register').set('X-Forwarded-For', nextIp()).send(buildUser());
  expect(res.status).toBe(201);
  return agent;
}

const describeAnswer = (what: string, res: request.Response) => {
  if (process.env.FUZZ_DUMP) fs.writeFileSync(process.env.FUZZ_DUMP, `${what}\n${res.status}\n${res.text}`);
  return `${what} → ${res.status} ${(res.text ?? '').slice(0, 500)}`;
};

/** The REST invariants: no 5xx, no stack trace, errors are JSON with a French message (and French field messages). */
function checkRest(what: string, res: request.Response) {
  const text = res.text ?? '';
  if (res.status >= 500 || STACK.test(text)) throw new Error(describeAnswer(what, res));
  if (res.status < 400) return;
  if (!/^application\/json/.test(res.headers['content-type'] ?? '') || SQL.test(text))
    throw new Error(describeAnswer(what, res));
  const { message, errors } = res.body as { message?: unknown; errors?: Record<string, unknown> };
  const french = [message, ...Object.values(errors ?? {})].every((m) => typeof m === 'string' && FRENCH.has(m));
  if (!french) throw new Error(`not a French message: ${describeAnswer(what, res)}`);
}

/** The GraphQL invariants: no 5xx, nothing unexpected, resolver errors in French with a domain code. */
function checkGraphql(what: string, res: request.Response) {
  if (res.status >= 500 || STACK.test(res.text ?? '')) throw new Error(describeAnswer(what, res));
  const errors = (res.body?.errors ?? []) as {
    message: string;
    path?: unknown;
    extensions?: { code?: string; fields?: Record<string, string> };
  }[];
  for (const e of errors) {
    const code = e.extensions?.code;
    if (code === 'INTERNAL_SERVER_ERROR') throw new Error(describeAnswer(what, res));
    // Errors of the request itself (parse, validation, variable coercion) have no path, stay GraphQL's own and
    // quote the variables (which may hold anything); errors of the resolvers must be the domain's.
    if (e.path === undefined) continue;
    if (SQL.test(e.message)) throw new Error(describeAnswer(what, res));
    const french = [e.message, ...Object.values(e.extensions?.fields ?? {})].every((m) => FRENCH.has(m));
    if (!french) throw new Error(`not a French message: ${describeAnswer(what, res)}`);
  }
}

/** A file name without control characters or quotes (see the known issues). */
const printable = (name: string) => [...name].filter((c) => c.charCodeAt(0) > 31 && c !== '\x7f' && c !== '"').join('');

/** Runs a property with the fixed seed; a failure reports the answer that broke a rule, not the whole input. */
async function check<T>(property: fc.IAsyncProperty<T>) {
  const result = await fc.check(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
  if (result.failed) {
    const cause = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
    throw new Error(`seed ${result.seed}, run ${result.numRuns}: ${cause.slice(0, 2000)}`);
  }
}

describe('fuzzing the REST routes', () => {
  it('should know every route of the shim', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(47);
    expect(ROUTES).toEqual(expect.arrayContaining(['DELETE /api/users/me', 'GET /api/users/me/export']));
  });

  it.each(ROUTES)(
    'should answer %s without a 5xx, a stack trace or SQL, whatever the input',
    async (route) => {
      const [method, pattern] = route.split(' ');
      const fileField = FILE_FIELDS[route];
      const input = fc.record({
        path: fc.array(anySegment, { minLength: 4, maxLength: 4 }),
        query: anyQuery,
        body: anyBody,
        raw: fc.option(fc.constantFrom('{"a":', '123', '"texte"', 'null', '{"a":"\\u0000"}', '[' + '['.repeat(2000)), {
          freq: 8,
        }),
        files: fileField
          ? fc.array(
              fc.record({
                field: fc.constantFrom(fileField, 'file', 'images', 'x'),
                bytes: anyFileBytes,
                name: anyString,
              }),
              { maxLength: 3 },
            )
          : fc.constant([]),
        multipart: fc.boolean(),
      });
      await check(
        fc.asyncProperty(input, async (i) => {
          let n = 0;
          const url = pattern.replace(/:\w+/g, () => i.path[n++]);
          // Past ~16 KB of request line and headers, Node itself answers 431 before the app: stay under it.
          const qs = toQueryString(i.query).slice(0, 6000);
          for (const agent of [await signedInFor(route), gw.agent()]) {
            let req = agent[method.toLowerCase() as 'get'](`${url}${qs ? `?${qs}` : ''}`).set(
              'X-Forwarded-For',
              nextIp(),
            );
            if (fileField && i.multipart) {
              for (const [k, v] of Object.entries((i.body ?? {}) as object).slice(0, 5))
                req = req.field(k, typeof v === 'string' ? v : JSON.stringify(v));
              // Control characters in a file name make busboy throw "Malformed part header", which http/multipart.ts
              // passes on as a 500: reported (see the known issues below); kept out of the inputs until fixed.
              for (const f of i.files) req = req.attach(f.field, f.bytes, printable(f.name) || 'f');
            } else if (method !== 'GET') {
              const json = i.raw ?? (typeof i.body === 'object' && i.body !== null ? i.body : JSON.stringify(i.body));
              req = req.set('Content-Type', 'application/json').send(json as object);
            }
            checkRest(`${method} ${url} ${JSON.stringify(i.body).slice(0, 300)}`, await req);
          }
        }),
      );
    },
    TIMEOUT_MS,
  );
});

describe('fuzzing the GraphQL operations', () => {
  it('should fuzz every Query and Mutation field of the built schema', () => {
    const built = [
      ...Object.keys(schema.getQueryType()!.getFields()).map((f) => `query ${f}`),
      ...Object.keys(schema.getMutationType()!.getFields()).map((f) => `mutation ${f}`),
    ];
    // A difference means schema/schema.graphql is stale: npm run schema:emit.
    expect(OPERATIONS.sort()).toEqual(built.sort());
  });

  it.each(OPERATIONS)(
    'should answer %s without an internal error, whatever the variables',
    async (operation) => {
      const [kind, name] = operation.split(' ') as ['query' | 'mutation', string];
      const root = kind === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
      const field = root.getFields()[name] as GraphQLField<unknown, unknown>;
      const query = operationFor(kind, field);
      await check(
        fc.asyncProperty(variablesFor(field), fc.boolean(), async (variables, inline) => {
          // As variables (coerced by GraphQL first), or inline (string escapes such as \u0000 reach the resolvers).
          const body = inline ? { query: inlineOperationFor(kind, field, variables) } : { query, variables };
          for (const agent of [await signedInFor(operation), gw.agent()]) {
            const res = await agent
              .post('/graphql')
              .set('Content-Type', 'application/json')
              .set('X-Forwarded-For', nextIp())
              .send(body);
            checkGraphql(`${name} ${JSON.stringify(body).slice(0, 400)}`, res);
          }
        }),
      );
    },
    TIMEOUT_MS,
  );
});

/** Answers the fuzzing found wrong at first (regressions). */
describe('inputs the fuzzing found answered wrongly', () => {
  it('should answer 400, not 500, when a multipart file name holds a control character', async () => {
    const res = await signedIn.post('/api/tenant-files/upload').attach('file', Buffer.from('%PDF-1.4'), 'a\u0000.pdf');
    checkRest('multipart with a NUL in the file name', res);
  });

  it('should answer BAD_USER_INPUT, not INTERNAL_SERVER_ERROR, when over 50 variable values are invalid', async () => {
    const res = await signedIn
      .post('/graphql')
      .set('Content-Type', 'application/json')
      .send({
        query: 'mutation ($f: [Upload!]!) { uploadPropertyImages(files: $f) }',
        variables: { f: Array.from({ length: 60 }, () => 0) },
      });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { extensions?: { code?: string } }) => e.extensions?.code)).not.toContain(
      'INTERNAL_SERVER_ERROR',
    );
  });

  it('should answer a syntax or validation error over the websocket with its code, not INTERNAL_SERVER_ERROR', async () => {
    const port = await gw.listen(0, '127.0.0.1');
    const client = wsClient(port);
    try {
      for (const query of ['{ me { id ', '{ champInconnu }']) {
        const res = await wsExecute(client, query);
        expect(JSON.stringify(res.errors)).not.toContain('INTERNAL_SERVER_ERROR');
      }
    } finally {
      await client.dispose();
    }
  });
});
