import 'reflect-metadata';
import crypto from 'node:crypto';
import http from 'node:http';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginLandingPageLocalDefault,
  ApolloServerPluginLandingPageProductionDefault,
} from '@apollo/server/plugin/landingPage/default';
import { expressMiddleware } from '@as-integrations/express5';
import { LOCATION_BATCH, MSG } from '@flaneur/schema';
import express from 'express';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { Config } from './config';
import { createDataSource } from './db/data-source';
import { SANDBOX_OPTIONS } from './graphql/sandbox';
import { buildAppSchema } from './graphql/build-schema';
import type { Context } from './graphql/context';
import { createLoaders } from './graphql/loaders';
import { createAppPubSub } from './graphql/pubsub';
import { createFormatError, errorLogPlugin } from './graphql/errors';
import { signedInIntrospection } from './graphql/introspection';
import { jitGateway } from './graphql/jit-executor';
import { createArmor, refuseLongDocuments } from './graphql/limits';
import { tokenCostPlugin } from './graphql/cost-plugin';
import { loadPersistedDocuments, manifestCache, trustedDocuments } from './graphql/persisted-documents';
import { publicReadsPlugin } from './graphql/public-reads';
import { SocketRegistry } from './graphql/socket-registry';
import { createWsServer } from './graphql/ws-server';
import { apiRouter } from './wiring/api-router';
import { compressJson, privateByDefault } from './http/caching';
import { createErrorHandler } from './http/error-handler';
import { createDrain, Drain, healthRouter } from './http/health';
import { jsonBody } from './http/json-body';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security';
import { createSessions, requestMeta, resolveSessionSecret } from './http/session';
import { shareLookup } from './http/share-preview';
import { crawlerFiles } from './http/crawlers';
import { staticWeb } from './http/static-web';
import { inProcessExecutor, loadServerRenderer, warmUpServerRenderer } from './http/server-render';
import { panelLinks } from './modules/panels/panel-link';
import { loadViewer, sessionViewer } from './http/viewer';
import { leanReportRoutes } from './modules/discovery/discovery.rest';
import { Outbox } from './outbox/outbox';
import { createLogger, Logger } from './lib/logger';
import { createThrottles } from './lib/throttle';
import { createMailer, Mailer } from './mail/mailer';
import { graphqlUploads } from './modules/uploads/graphql-uploads';
import { CLIENT_ERROR_LIMITS } from './modules/client-errors/client-errors.service';
import { createServices, Services } from './wiring/services';
import { createStorage } from './storage/create-storage';
import { startSchedulers } from './wiring/schedulers';
import { serveUploads } from './storage/serve-uploads';
import type { Storage } from './storage/storage';

/** A built gateway: Express app, HTTP server (with graphql-ws), database and services. */
export interface Gateway {
  app: express.Express;
  server: http.Server;
  /** Shutdown state: main.ts starts it at SIGTERM (http/health.ts). */
  drain: Drain;
  db: DataSource;
  storage: Storage;
  services: Services;
  logger: Logger;
  config: Config;
  /** The durable outbox's worker of this instance. */
  outbox: Outbox;
  listen(port?: number, host?: string): Promise<number>;
  close(): Promise<void>;
}

/** Builds the gateway on a migrated database. `config.databaseUrl` must be set (main starts the embedded one). */
export async function createApp(
  config: Config,
  opts: {
    logger?: Logger;
    runMigrations?: boolean;
    mailer?: Mailer;
    outboxPollMs?: number;
    /** false: jobs are queued but this instance's worker does not run them (tests inspect the rows). */
    startOutbox?: boolean;
    /** The built web (web/dist) and its server bundle (web/dist-server/entry-server.cjs); tests give their own. */
    webDir?: string;
    webServerEntry?: string;
    /** A render slower than this sends the client shell (300 ms; tests on a loaded machine give more). */
    serverRenderTimeoutMs?: number;
  } = {},
): Promise<Gateway> {
  if (!config.databaseUrl) throw new Error('createApp needs config.databaseUrl');
  const logger = opts.logger ?? createLogger(config.logLevel);
  const db = createDataSource({ url: config.databaseUrl, statementTimeoutMs: 15_000 });
  await db.initialize();
  if (opts.runMigrations ?? true) await db.runMigrations();

  const storage = createStorage(config, logger);
  const mailer =
    opts.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: `${config.dataDir}/outbox`,
      logger,
      // Reset and verification links are secrets: logged for a local user only, never in production.
      logLinks: !config.isProduction,
    });
  const events = createAppPubSub(config.redisUrl, logger);
  const sockets = new SocketRegistry(events.pubsub, logger);
  const throttles = await createThrottles({ redisUrl: config.redisUrl, prefix: config.throttlePrefix, logger });
  const outbox = new Outbox({ db, logger, queue: config.outboxQueue, pollMs: opts.outboxPollMs });
  const services = createServices({
    config,
    db,
    mailer,
    storage,
    sockets,
    logger,
    throttles,
    pubsub: events.pubsub,
    outbox,
  });
  const pool = (db.driver as unknown as { master: Pool }).master;
  const sessions = createSessions({
    pool,
    secret: resolveSessionSecret(config.sessionSecret, config.dataDir),
    secure: config.isProduction,
    cache: services.userState,
  });
  sockets.start(sessions.lookup);

  const app = express();
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // ETags only where a read is meant to be cached (http/caching.ts): private answers are no-store.
  app.set('etag', false);
  app.use((req, res, next) => {
    req.requestId = crypto.randomUUID();
    res.setHeader('X-Request-Id', req.requestId);
    next();
  });
  app.use(
    securityHeaders({
      tileUrl: config.tileUrl,
      isProduction: config.isProduction,
      imageUrl: config.s3?.publicUrl,
      mapboxAccessToken: config.mapboxAccessToken,
    }),
  );
  // Probes before the request log: it never logs them (request-log.ts), and they skip its per-request child logger.
  const drain = createDrain();
  app.use(healthRouter(db, { drain, behindProxy: config.trustProxy > 0 }));
  // Body limits of the /api routes that need their own (the others: JSON_BODY_LIMITS).
  const apiBodies = {
    '/user-locations/batch': { maxBytes: LOCATION_BATCH.maxBodyBytes },
    '/client-errors': { maxBytes: CLIENT_ERROR_LIMITS.maxBodyBytes, tooLargeMessage: MSG.clientErrorTooLarge },
  };
  const viewerOf = sessionViewer(services);
  // The position reports of a signed-in session, before the request log and the /api stack (docs/decisions.md
  // « Lean request path »); any other request goes on.
  app.use(
    leanReportRoutes(services, {
      sessionUser: sessions.userOf,
      viewerOf: (userId, req) => viewerOf(userId, req),
      logger,
      body: { one: jsonBody(), batch: jsonBody(apiBodies['/user-locations/batch']) },
    }),
  );
  app.use(requestLog(logger));
  // Answers of the API are private to the session unless a public read says otherwise; JSON ≥ 1 KB compressed.
  app.use(['/api', '/graphql'], privateByDefault, compressJson());
  const server = http.createServer(app);

  const schema = await buildAppSchema({ pubSub: events.pubsub });
  const armor = createArmor();
  const persisted = loadPersistedDocuments(config.persistedDocumentsFile);
  const formatError = createFormatError(config.errorDetails);
  const publicOrigin = new URL(config.publicUrl).origin;
  const isAllowedOrigin = (origin: string | undefined) =>
    !origin ||
    origin === publicOrigin ||
    (!config.isProduction && /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin));
  const ws = createWsServer({
    server,
    db,
    schema,
    services,
    sockets,
    drain,
    logger,
    validationRules: armor.validationRules,
    formatError,
    isAllowedOrigin,
    sessionOf: sessions.fromUpgrade,
    trustProxy: config.trustProxy,
    isProduction: config.isProduction,
    documents: persisted,
  });

  const apollo = new ApolloServer<Context>({
    // Queries compiled by graphql-jit behind Apollo's gateway interface, or graphql-js throughout.
    ...(config.graphqlExecutor === 'jit' ? { gateway: jitGateway(schema, persisted.entries()) } : { schema }),
    introspection: true,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    // main.ts owns SIGTERM (drain first, then close); Apollo's own handler would stop the HTTP server at once.
    stopOnTerminationSignals: false,
    // By hash: the web's documents only (trustedDocuments answers unknown hashes); clients never register any.
    persistedQueries: { cache: manifestCache(persisted), ttl: null },
    includeStacktraceInErrorResponses: false,
    validationRules: armor.validationRules,
    formatError,
    plugins: [
      // Cache-Control is publicReadsPlugin's (on every answer); Apollo's own plugin would wrap every field's resolver.
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginDrainHttpServer({ httpServer: server }),
      errorLogPlugin(logger),
      publicReadsPlugin(),
      tokenCostPlugin(services.accessTokens.budget),
      ...armor.plugins,
      ...(config.isProduction ? [signedInIntrospection()] : []),
      config.isProduction
        ? ApolloServerPluginLandingPageProductionDefault({ ...SANDBOX_OPTIONS, embed: false })
        : ApolloServerPluginLandingPageLocalDefault(SANDBOX_OPTIONS),
      {
        async serverWillStart() {
          return {
            async drainServer() {
              await ws.close();
            },
          };
        },
      },
    ],
  });
  await apollo.start();

  const viewer = loadViewer(services, viewerOf);
  app.use(
    '/graphql',
    sessions.middleware,
    jsonBody(),
    // The viewer first: a signed-out upload is refused before graphql-upload reads its body.
    viewer,
    graphqlUploads(services.uploads),
    refuseLongDocuments,
    // After the viewer: a Bearer token may send free documents in production, a cookie only the web's.
    trustedDocuments(persisted, { enforce: config.isProduction }),
    expressMiddleware(apollo, {
      context: async ({ req }): Promise<Context> => ({
        viewer: req.viewer,
        token: req.accessToken ?? null,
        services,
        meta: requestMeta(req),
        requestId: req.requestId!,
        loaders: createLoaders(db),
      }),
    }),
  );
  app.use('/api', sessions.middleware, jsonBody({}, apiBodies), viewer);
  app.use('/api', apiRouter(services, config.publicUrl));
  app.use('/uploads', serveUploads(storage, config.s3?.publicUrl));
  // Source maps are built for debugging (web/vite.config.ts) but never served in production.
  const renderer = loadServerRenderer(opts.webServerEntry);
  const serverRender = renderer
    ? {
        renderer,
        execute: inProcessExecutor(apollo, services, db),
        viewerOf: async (req: express.Request) => viewerOf((await sessions.userOf(req)) ?? undefined, req),
        logger,
        timeoutMs: opts.serverRenderTimeoutMs,
      }
    : undefined;
  const web = staticWeb(opts.webDir, {
    serveSourceMaps: !config.isProduction,
    sharePreview: { lookup: shareLookup(db), publicUrl: config.publicUrl },
    serverRender,
  });
  if (web && serverRender) warmUpServerRenderer(serverRender);
  // A panel's QR code (/p/{ref}): before the web app, whose fallback then shows the not-found screen of a bad one.
  app.use('/p', sessions.middleware, viewer, panelLinks(services, { spa: web !== null }));
  // robots.txt, the sitemaps and security.txt: before the app, whose fallback would answer them with its page.
  app.use(crawlerFiles(db, { publicUrl: config.publicUrl, securityContact: config.securityContact }));
  if (web) app.use(web);
  app.use(createErrorHandler(logger));

  const stopSchedulers = startSchedulers({ db, logger, storage, services, config });
  // Every handler is registered (createServices): jobs left by a previous run go out now.
  if (opts.startOutbox ?? true) outbox.start();
  return {
    app,
    outbox,
    server,
    drain,
    db,
    storage,
    services,
    logger,
    config,
    listen: (port = config.port, host = config.host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve((server.address() as import('node:net').AddressInfo).port));
      }),
    async close() {
      stopSchedulers();
      sockets.closeAll(1001);
      await apollo.stop();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      sessions.close();
      await outbox.stop();
      await events.close();
      await throttles.close();
      await services.userState.close();
      await services.accessTokens.close();
      await db.destroy();
      storage.close();
    },
  };
}
