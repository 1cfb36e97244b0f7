import { MSG } from '@flaneur/schema';
import express, { RequestHandler } from 'express';
import { AppError } from '../lib/errors';
import { UPLOADS_CACHE } from '../http/caching';
import { isSafeKey, Storage } from './storage';

/** What express.static sends for UPLOADS_CACHE: photos are uuid-named and never rewritten. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A redirect to the public bucket may move if the operator changes S3_PUBLIC_URL: a day, not a year. */
const REDIRECT_CACHE = 'public, max-age=86400';

/**
 * /uploads/{key}: public photos and profile pictures. On disk, the folder itself (express.static). On object
 * storage, a redirect to S3_PUBLIC_URL when set, else the object streamed through the gateway with the same
 * immutable cache headers. Private documents live elsewhere (`private/`) and are never reachable here.
 */
export function serveUploads(storage: Storage, publicUrl?: string): RequestHandler {
  if (storage.publicDir)
    return express.static(storage.publicDir, { index: false, ...UPLOADS_CACHE, fallthrough: false });
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return void res.status(405).json({ message: MSG.routeNotFound });
    }
    let key: string;
    try {
      key = decodeURIComponent(req.path.replace(/^\//, ''));
    } catch {
      key = ''; // a malformed escape names no photo
    }
    if (!isSafeKey(key)) return next(new AppError('NOT_FOUND', MSG.notFound));
    if (publicUrl) {
      res.setHeader('Cache-Control', REDIRECT_CACHE);
      return res.redirect(302, `${publicUrl}/${key}`);
    }
    try {
      const object = await storage.openPublic(key);
      if (!object) return next(new AppError('NOT_FOUND', MSG.notFound));
      res.setHeader('Cache-Control', IMMUTABLE);
      if (object.etag) res.setHeader('ETag', object.etag);
      if (object.lastModified) res.setHeader('Last-Modified', object.lastModified.toUTCString());
      res.type(key.slice(key.lastIndexOf('.')));
      if (object.etag && req.headers['if-none-match'] === object.etag) {
        object.stream.destroy();
        return void res.status(304).end();
      }
      res.setHeader('Content-Length', String(object.size));
      if (req.method === 'HEAD') {
        object.stream.destroy();
        return void res.end();
      }
      object.stream.once('error', () => res.destroy());
      object.stream.pipe(res);
    } catch (err) {
      next(err);
    }
  };
}
