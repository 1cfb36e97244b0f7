import { Router } from 'express';
import { filesOf, multipart } from '../../http/multipart';
import type { Services } from '../../services';
import { signedInBeforeUpload } from '../uploads/upload-guard';
import { UPLOAD_LIMITS } from '../uploads/incoming-file';

/** Legacy REST routes of SPEC.md §7 for listings and photo uploads; each calls one service. */
export function propertiesRouter(services: Services): Router {
  const r = Router();
  r.get('/properties/user', async (req, res) => {
    res.json(await services.properties.mine(req.viewer ?? null, req.query.userId));
  });
  r.get('/properties', async (req, res) => {
    const { limit, after, userId, ...filter } = req.query;
    const page = await services.properties.search(
      filter,
      { first: limit, after },
      { viewer: req.viewer ?? null, userId },
    );
    if (page.endCursor && page.hasNextPage) res.setHeader('X-Next-Cursor', page.endCursor);
    res.json(page.nodes);
  });
  r.get('/properties/:id', async (req, res) => {
    res.json(await services.properties.get(req.params.id));
  });
  r.post('/properties', async (req, res) => {
    res.status(201).json(await services.properties.create(req.viewer ?? null, req.body));
  });
  r.patch('/properties/:id', async (req, res) => {
    res.json(await services.properties.update(req.viewer ?? null, req.params.id, req.body));
  });
  r.delete('/properties/:id', async (req, res) => {
    await services.properties.delete(req.viewer ?? null, req.params.id);
    res.status(204).end();
  });
  r.post(
    '/upload',
    signedInBeforeUpload,
    multipart('images', { maxFiles: UPLOAD_LIMITS.listingImagesPerRequest, maxBytes: UPLOAD_LIMITS.listingImageBytes }),
    async (req, res) => {
      res.status(201).json({ urls: await services.uploads.storeListingImages(req.viewer ?? null, filesOf(req)) });
    },
  );
  return r;
}
