import crypto from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { MSG } from '@flaneur/schema';
import {
  GraphQLError,
  GraphQLFormattedError,
  DocumentNode,
  GraphQLSchema,
  getOperationAST,
  specifiedRules,
  ValidationRule,
} from 'graphql';
import type { WebSocket } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Drain } from '../http/health';
import type { UpgradeSession } from '../http/session';
import type { TokenGrant } from '../modules/access-tokens/access-tokens.service';
import { bearerSecret } from '../modules/access-tokens/bearer';
import { admitOperation, type Admission, budgetKey } from '../modules/access-tokens/token-access';
import type { User } from '../modules/users/user.entity';
import type { Logger } from '../lib/logger';
import type { Services } from '../wiring/services';
import type { Context } from './context';
import { actualCost } from './cost';
import { logUnexpected } from './errors';
import { introspectionRefused } from './introspection';
import { createDocumentCache } from './document-cache';
import { documentTooLong } from './limits';
import { createLoaders } from './loaders';
import { introspectionError } from './introspection';
import { type PersistedDocuments, trustedSocketDocument } from './persisted-documents';
import type { SocketRegistry } from './socket-registry';

interface Options {
  server: Server;
  db: import('typeorm').DataSource;
  schema: GraphQLSchema;
  services: Services;
  sockets: SocketRegistry;
  /** At SIGTERM: sockets are closed with 1012 (Service Restart) and new ones refused with 503 (retried elsewhere). */
  drain?: Drain;
  logger: Logger;
  validationRules: ValidationRule[];
  /** The same error formatting as HTTP: French message, extensions.code, unexpected errors masked. */
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  isAllowedOrigin(origin: string | undefined): boolean;
  sessionOf(req: import('node:http').IncomingMessage): Promise<UpgradeSession>;
  /** Proxies in front of the gateway, as TRUST_PROXY counts them for HTTP. */
  trustProxy: number;
  /** Production: anonymous introspection is refused, and sockets without a token run only the web's documents. */
  isProduction: boolean;
  /** The web's trusted documents (by hash, or their exact text). */
  documents: PersistedDocuments;
}

type Extra = {
  session?: UpgradeSession;
  operations?: Set<string>;
  /** Sockets opened with an access token: its secret (checked again at each operation) and the last check. */
  token?: { secret: string; current: { user: User; grant: TokenGrant } };
  /** Token sockets: the admission of each running operation, to charge its results (onNext). */
  admissions?: Map<string, Admission>;
};

/** Websocket limits (docs/security.md). */
export const WS_LIMITS = {
  maxPayloadBytes: 64 * 1024,
  socketsPerUser: 10,
  operationsPerSocket: 20,
  anonymousSocketsPerAddress: 20,
} as const;

/**
 * The client address of an upgrade request, read as Express reads req.ip with `trust proxy` set to a hop count:
 * the address `trustProxy` hops back along X-Forwarded-For from the socket's peer (the peer itself with 0).
 */
export function clientAddress(req: IncomingMessage, trustProxy: number): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (trustProxy <= 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .reverse();
  const chain = [peer, ...forwarded];
  return chain[Math.min(trustProxy, chain.length - 1)];
}

/** graphql-ws on the same path as HTTP GraphQL, authenticated by the session cookie of the upgrade request. */
export function createWsServer(opts: Options) {
  const wss = new WebSocketServer({
    server: opts.server,
    path: '/graphql',
    maxPayload: WS_LIMITS.maxPayloadBytes,
    // Browsers always send Origin: refuse pages of other sites (cross-site websocket hijacking). A draining gateway
    // answers 503, which the proxy retries on another gateway.
    verifyClient: (info: { origin?: string }, done: (ok: boolean, code?: number) => void) =>
      opts.drain?.draining ? (opts.drain.turnAway(), done(false, 503)) : done(opts.isAllowedOrigin(info.origin), 401),
  });
  // Shutdown: every client is told « Service Restart » at once and reconnects (through the proxy, elsewhere) while
  // this gateway finishes its HTTP requests; graphql-ws clients retry after 1012.
  opts.drain?.onStart(() => opts.sockets.closeAll(1012));
  // Parse and validation once per distinct document, shared by every socket (document-cache.ts).
  const checkDocument = createDocumentCache(opts.schema, [...specifiedRules, ...opts.validationRules]);
  const cleanup = useServer<Record<string, unknown>, Extra>(
    {
      schema: opts.schema,
      onConnect: async (ctx) => {
        // An access token (connectionParams.authorization: "Bearer flr_…") names the user; the cookie is then ignored.
        const authorization = ctx.connectionParams?.authorization;
        let session: UpgradeSession;
        if (authorization !== undefined) {
          const secret = typeof authorization === 'string' ? bearerSecret(authorization) : null;
          const found = secret !== null ? await opts.services.accessTokens.authenticate(secret) : null;
          if (!found) {
            opts.sockets.endSocket(ctx.extra.socket);
            return false;
          }
          (ctx.extra as Extra).token = { secret: secret!, current: found };
          session = { sessionId: null, userId: found.user.id, expiresAt: found.grant.expiresAt };
        } else session = await opts.sessionOf(ctx.extra.request);
        // One user, a few devices: past the cap the new socket is refused (4403) rather than an old one cut.
        if (session.userId && opts.sockets.countForUser(session.userId) >= WS_LIMITS.socketsPerUser) return false;
        // Sockets without a session cost memory too: capped per client address (4403).
        const address = clientAddress(ctx.extra.request, opts.trustProxy);
        if (!session.userId && opts.sockets.countAnonymous(address) >= WS_LIMITS.anonymousSocketsPerAddress)
          return false;
        (ctx.extra as Extra).session = session;
        (ctx.extra as Extra).operations = new Set();
        opts.sockets.add(
          ctx.extra.socket,
          { ...session, tokenId: (ctx.extra as Extra).token?.current.grant.id },
          address,
        );
        return true;
      },
      context: async (ctx): Promise<Context> => {
        const session = (ctx.extra as Extra).session;
        const token = (ctx.extra as Extra).token;
        if (token)
          return {
            viewer: token.current.user,
            token: token.current.grant,
            services: opts.services,
            requestId: crypto.randomUUID(),
            loaders: createLoaders(opts.db),
          };
        return {
          viewer: await opts.services.auth.viewer(session?.userId),
          services: opts.services,
          requestId: crypto.randomUUID(),
          loaders: createLoaders(opts.db),
        };
      },
      onSubscribe: async (ctx, id, payload) => {
        // The session may have ended since the socket opened (logout elsewhere, reset, expiry): then the socket ends.
        if (!(await opts.sockets.isAlive(ctx.extra.socket))) {
          const socket: WebSocket = ctx.extra.socket;
          setImmediate(() => opts.sockets.endSocket(socket));
          return [new GraphQLError(MSG.sessionEnded, { extensions: { code: 'UNAUTHENTICATED' } })];
        }
        const operations = (ctx.extra as Extra).operations!;
        if (operations.size >= WS_LIMITS.operationsPerSocket) return [new GraphQLError(MSG.tooManySubscriptions)];
        operations.add(id);
        // Same rules as HTTP: trusted documents, the document's length before parsing, then the armor's rules.
        const query = trustedSocketDocument(opts.documents, payload, {
          enforce: opts.isProduction,
          withToken: Boolean((ctx.extra as Extra).token),
        });
        if (query === null)
          return [new GraphQLError(MSG.persistedQueryRequired, { extensions: { code: 'PERSISTED_QUERY_REQUIRED' } })];
        const tooLong = documentTooLong(query);
        if (tooLong) return [tooLong];
        let document: DocumentNode;
        try {
          const checked = checkDocument(query);
          if (!('kind' in checked)) return checked;
          document = checked;
          const signedIn = Boolean((ctx.extra as Extra).session?.userId);
          if (opts.isProduction && !signedIn && introspectionRefused(document)) return [introspectionError()];
          const token = (ctx.extra as Extra).token;
          if (token) {
            // Revoked or expired since the socket opened: the socket ends (4401).
            const found = await opts.services.accessTokens.authenticate(token.secret);
            if (!found) {
              const socket: WebSocket = ctx.extra.socket;
              setImmediate(() => opts.sockets.endSocket(socket));
              return [new GraphQLError(MSG.accessTokenInvalid, { extensions: { code: 'UNAUTHENTICATED' } })];
            }
            token.current = found;
            const operation = getOperationAST(document, payload.operationName);
            if (!operation) return undefined;
            try {
              // Scopes and cost as over HTTP; the results are then charged as they go out (onNext).
              const admission = await admitOperation({
                schema: opts.schema,
                document,
                operation,
                variables: payload.variables ?? undefined,
                grant: found.grant,
                budget: opts.services.accessTokens.budget,
              });
              ((ctx.extra as Extra).admissions ??= new Map()).set(id, admission);
            } catch (e) {
              const refusal = e as GraphQLError;
              return [new GraphQLError(refusal.message, { extensions: { code: refusal.extensions.code } })];
            }
          }
        } catch (e) {
          return [e as import('graphql').GraphQLError];
        }
        // The checked document goes to execution as it is: graphql-ws would otherwise parse and validate it again.
        return {
          schema: opts.schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables ?? undefined,
        };
      },
      onNext: async (ctx, id, _payload, args, result) => {
        const admission = (ctx.extra as Extra).admissions?.get(id);
        const grant = (ctx.extra as Extra).token?.current.grant;
        if (admission && grant) {
          // A query or mutation pays its real cost instead of the estimate; a subscription pays each event it sends.
          const actual = actualCost(result.data as Record<string, unknown> | null | undefined, admission.analysis);
          const delta = admission.analysis.rootType === 'Subscription' ? actual : actual - admission.requested;
          if (delta !== 0) await opts.services.accessTokens.budget.adjust(budgetKey(grant), delta);
        }
        if (!result.errors) return undefined;
        logUnexpected(opts.logger, (args.contextValue as Context).requestId, result.errors);
        return { ...result, errors: result.errors.map((e) => opts.formatError(e.toJSON(), e)) };
      },
      onError: (_ctx, _id, _payload, errors) => errors.map((e) => opts.formatError(e.toJSON(), e)),
      onComplete: (ctx, id) => {
        (ctx.extra as Extra).operations?.delete(id);
        (ctx.extra as Extra).admissions?.delete(id);
      },
    },
    wss,
  );
  return {
    wss,
    async close() {
      await cleanup.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
