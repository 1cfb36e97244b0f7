import crypto from 'node:crypto';
import type { Server } from 'node:http';
import { GraphQLSchema, parse, specifiedRules, validate, ValidationRule } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { UpgradeSession } from '../http/session';
import type { Logger } from '../lib/logger';
import type { Services } from '../services';
import type { Context } from './context';
import { createLoaders } from './loaders';
import type { SocketRegistry } from './socket-registry';

interface Options {
  server: Server;
  db: import('typeorm').DataSource;
  schema: GraphQLSchema;
  services: Services;
  sockets: SocketRegistry;
  logger: Logger;
  validationRules: ValidationRule[];
  isAllowedOrigin(origin: string | undefined): boolean;
  sessionOf(req: import('node:http').IncomingMessage): Promise<UpgradeSession>;
}

type Extra = { session?: UpgradeSession };

/** graphql-ws on the same path as HTTP GraphQL, authenticated by the session cookie of the upgrade request. */
export function createWsServer(opts: Options) {
  const wss = new WebSocketServer({
    server: opts.server,
    path: '/graphql',
    maxPayload: 64 * 1024,
    // Browsers always send Origin: refuse pages of other sites (cross-site websocket hijacking).
    verifyClient: (info: { origin?: string }) => opts.isAllowedOrigin(info.origin),
  });
  const cleanup = useServer<Record<string, unknown>, Extra>(
    {
      schema: opts.schema,
      onConnect: async (ctx) => {
        const session = await opts.sessionOf(ctx.extra.request);
        (ctx.extra as Extra).session = session;
        opts.sockets.add(ctx.extra.socket, session.userId, session.sessionId);
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
      onSubscribe: (_ctx, _id, payload) => {
        // Same limits as HTTP: the armor's validation rules run on every websocket operation.
        try {
          const document = parse(payload.query);
          const errors = validate(opts.schema, document, [...specifiedRules, ...opts.validationRules]);
          if (errors.length) return errors;
        } catch (e) {
          return [e as import('graphql').GraphQLError];
        }
        return undefined;
      },
      onError: (_ctx, _id, _payload, errors) => {
        opts.logger.warn({ errors: errors.map((e) => e.message) }, 'websocket operation failed');
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
