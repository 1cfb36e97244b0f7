/**
 * Child processes of `npm run bench:api`: the production-mode gateway (default) or, with `bare` as argument, a bare
 * Express app answering /healthz with the gateway's body. Reports its port to the parent; with --expose-gc, answers
 * `{ cmd: 'mem' }` with its memory after a full collection (fan-out: memory per socket), `{ cmd: 'cpu' }` with its CPU
 * time so far (CPU per request).
 */
import 'reflect-metadata';
import express from 'express';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';

const collect = () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) gc?.();
};

process.on('message', (m: { cmd?: string }) => {
  if (m?.cmd === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  if (m?.cmd !== 'mem') return;
  collect();
  process.send?.({ mem: process.memoryUsage() });
});

(async () => {
  if (process.argv[2] === 'bare') {
    const app = express();
    app.get('/healthz', (_req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json({ status: 'ok' });
    });
    const server = app.listen(0, '127.0.0.1', () => {
      process.send?.({ port: (server.address() as import('node:net').AddressInfo).port });
    });
    process.on('SIGTERM', () => server.close(() => process.exit(0)));
    return;
  }
  const gw = await createApp(loadConfig(), { runMigrations: false });
  const port = await gw.listen(0, '127.0.0.1');
  process.send?.({ port });
  // process.exit after close: --cpu-prof writes its profile on a normal exit.
  process.on('SIGTERM', () => void gw.close().then(() => process.exit(0)));
})();
