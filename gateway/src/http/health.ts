import { Router } from 'express';
import type { DataSource } from 'typeorm';

/**
 * /healthz: the process answers. /readyz: the database answers (503 otherwise); every probe asks again, so it
 * recovers by itself when the database comes back.
 */
export function healthRouter(db: DataSource): Router {
  const r = Router();
  r.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  r.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
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
