import { Router } from 'express';
import type { DataSource } from 'typeorm';

/**
 * The gateway's shutdown state (docs/decisions.md, « Object storage and the production stack »). `start()` is
 * called at SIGTERM: /readyz answers 503 from then on, and the drain rules of healthRouter apply; listeners (the
 * websocket server) run once.
 */
export interface Drain {
  readonly draining: boolean;
  /** Whether a request was turned away with a 503 while draining: the proxy then counts this gateway as failed. */
  readonly turnedAway: boolean;
  start(): void;
  onStart(listener: () => void): void;
  /** A request (or websocket upgrade) answered 503 for the proxy to retry elsewhere. */
  turnAway(): void;
}

export function createDrain(): Drain {
  let draining = false;
  let turnedAway = false;
  const listeners: (() => void)[] = [];
  return {
    get draining() {
      return draining;
    },
    get turnedAway() {
      return turnedAway;
    },
    turnAway() {
      turnedAway = true;
    },
    start() {
      if (draining) return;
      draining = true;
      for (const listener of listeners) listener();
    },
    onStart(listener) {
      listeners.push(listener);
    },
  };
}

/** The methods a proxy (nginx) never sends twice once sent: while draining they are still served here. */
const NON_IDEMPOTENT = new Set(['POST', 'PATCH', 'LOCK']);

/**
 * /healthz: the process answers. /readyz: the database answers (503 otherwise); every probe asks again, so it
 * recovers by itself when the database comes back; 503 for good once the gateway drains.
 *
 * While draining, every answer carries `Connection: close` (no kept-alive socket to cut later). Behind a proxy
 * (`behindProxy`), a request the proxy may send to another gateway (GET, HEAD, PUT, DELETE…) is not handled: it gets a
 * 503 the proxy retries elsewhere, and counts this gateway as failed, so it stops sending here before the gateway
 * closes its listening socket. Writes the proxy would not resend (POST, PATCH) are served to the end.
 */
export function healthRouter(db: DataSource, opts: { drain?: Drain; behindProxy?: boolean } = {}): Router {
  const drain = opts.drain;
  const r = Router();
  r.use((req, res, next) => {
    if (!drain?.draining) return next();
    res.setHeader('Connection', 'close');
    if (!opts.behindProxy || NON_IDEMPOTENT.has(req.method) || req.path === '/healthz' || req.path === '/readyz')
      return next();
    drain.turnAway();
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Retry-After', '1');
    res.status(503).json({ message: 'Le service redémarre. Veuillez réessayer dans quelques instants.' });
  });
  r.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  r.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (drain?.draining) {
      res.status(503).json({ status: 'draining', message: 'Arrêt en cours' });
      return;
    }
    try {
      await Promise.race([
        db.query('SELECT 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ]);
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'unavailable', message: 'Base de données indisponible' });
    }
  });
  return r;
}
