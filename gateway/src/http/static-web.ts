import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/** Where `npm run build -w @flaneur/web` writes the app. */
export const WEB_DIST = path.resolve(__dirname, '../../../web/dist');

/** Serves the built web app; client-side routes fall back to index.html. Absent build → nothing mounted. */
export function staticWeb(dir = WEB_DIST): Router | null {
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) return null;
  const r = Router();
  // Hashed assets are immutable; index.html must always be revalidated to pick up a new build.
  r.use('/assets', express.static(path.join(dir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  r.use(express.static(dir, { index: false, maxAge: 0 }));
  r.get(/^\/(?!api\/|graphql|uploads\/).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return r;
}
