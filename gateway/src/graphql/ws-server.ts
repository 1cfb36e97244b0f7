import crypto from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { MSG } from '@flaneur/schema';
import {
  GraphQLError,
  GraphQLFormattedError,
  GraphQLSchema,
  parse,
  specifiedRules,
  validate,
  ValidationRule,
} from 'graphql';
import type { WebSocket } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { UpgradeSession } from '../http/session';
import type { Logger } from '../lib/logger';
import type { Services } from '../services';
import type { Context } from './context';
import { logUnexpected } from './errors';
import { introspectionRefused } from './introspection';
import { documentTooLong } from './limits';
import { createLoaders } from './loaders';
import { introspectionError } from './introspection';
import type { SocketRegistry } from './socket-registry';

interface Options {
  server: Server;
  db: import('typeorm').DataSource;
  schema: GraphQLSchema;
  services: Services;
  sockets: SocketRegistry;
  logger: Logger;
  validationRules: ValidationRule[];
  /** The same error formatting as HTTP: French message, extensions.code, unexpected errors masked. */
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  isAllowedOrigin(origin: string | undefined): boolean;
  sessionOf(req: import('node:http').IncomingMessage): Promise<UpgradeSession>;
  /** Proxies in front of the gateway, as TRUST_PROXY counts them for HTTP. */
  trustProxy: number;
  /** Production: anonymous introspection is refused. */
  isProduction: boolean;
}

type Extra = { session?: UpgradeSession; operations?: Set<string> };

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
    // Browsers always send Origin: refuse pages of other sites (cross-site websocket hijacking).
    verifyClient: (info: { origin?: string }) => opts.isAllowedOrigin(info.origin),
  });
  const cleanup = useServer<Record<string, unknown>, Extra>(
    {
      schema: opts.schema,
      onConnect: async (ctx) => {
        const session = await opts.sessionOf(ctx.extra.request);
        // One user, a few devices: past the cap the new socket is refused (4403) rather than an old one cut.
        if (session.userId && opts.sockets.countForUser(session.userId) >= WS_LIMITS.socketsPerUser) return false;
        // Sockets without a session cost memory too: capped per client address (4403).
        const address = clientAddress(ctx.extra.request, opts.trustProxy);
        if (!session.userId && opts.sockets.countAnonymous(address) >= WS_LIMITS.anonymousSocketsPerAddress)
          return false;
        (ctx.extra as Extra).session = session;
        (ctx.extra as Extra).operations = new Set();
        opts.sockets.add(ctx.extra.socket, session, address);
        return true;
      },
      context: async (ctx): Promise<Context> => {
        const session = (ctx.extra as Extra).session;
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
        // Same limits as HTTP: the document's length before parsing, then the armor's validation rules.
        const tooLong = documentTooLong(payload.query);
        if (tooLong) return [tooLong];
        try {
          const document = parse(payload.query);
          const errors = validate(opts.schema, document, [...specifiedRules, ...opts.validationRules]);
          if (errors.length) return errors;
          const signedIn = Boolean((ctx.extra as Extra).session?.userId);
          if (opts.isProduction && !signedIn && introspectionRefused(document)) return [introspectionError()];
        } catch (e) {
          return [e as import('graphql').GraphQLError];
        }
        return undefined;
      },
      onNext: (_ctx, _id, _payload, args, result) => {
        if (!result.errors) return undefined;
        logUnexpected(opts.logger, (args.contextValue as Context).requestId, result.errors);
        return { ...result, errors: result.errors.map((e) => opts.formatError(e.toJSON(), e)) };
      },
      onError: (_ctx, _id, _payload, errors) => errors.map((e) => opts.formatError(e.toJSON(), e)),
      onComplete: (ctx, id) => {
        (ctx.extra as Extra).operations?.delete(id);
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
