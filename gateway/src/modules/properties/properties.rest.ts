import { LIMITS } from '@flaneur/schema';
import { Router } from 'express';
import { sendPublicRead } from '../../http/caching';
import { filesOf, multipart } from '../../http/multipart';
import { sameUserIn } from '../../http/legacy-identity';
import { requireViewer } from '../../lib/viewer';
import type { PropertiesService } from './properties.service';
import type { UploadsService } from '../uploads/uploads.service';
import { admitEachFile, signedInBeforeUpload } from '../uploads/upload-guard';
import { statsJson } from './property-stats';

/** Legacy REST routes for listings and photo uploads; each calls one service. */
export function propertiesRouter(services: { properties: PropertiesService; uploads: UploadsService }): Router {
  const r = Router();
  r.get('/properties/user', sameUserIn('query'), async (req, res) => {
    res.json(await services.properties.mine(req.viewer, { prices: true }));
  });
  // The legacy client filters by its own `userId`: then only the viewer's listings are answered.
  r.get('/properties', sameUserIn('query'), async (req, res) => {
    const { limit, after, userId, ...filter } = req.query;
    const ownerId = userId === undefined ? undefined : requireViewer(req.viewer).id;
    const page = await services.properties.search(filter, { first: limit, after }, ownerId, { prices: true });
    if (page.endCursor && page.hasNextPage) res.setHeader('X-Next-Cursor', page.endCursor);
    // A public search merges duplicates: each listing names the other publishers of its home (one statement).
    res.json(ownerId === undefined ? await services.properties.withPublishers(page.nodes) : page.nodes);
  });
  // The same for every anonymous visitor: public and revalidated by ETag (a session's read stays private). The
  // listing and its prices in one statement.
  r.get('/properties/:id', async (req, res) => {
    sendPublicRead(req, res, await services.properties.get(req.params.id, { prices: true, viewer: req.viewer }));
  });
  // The legacy client predates the legal mentions: accepted without them, checked when present.
  r.post('/properties', async (req, res) => {
    const created = await services.properties.create(req.viewer, req.body, { legacy: true });
    res.status(201).json((await services.properties.withPrices([created]))[0]);
  });
  r.patch('/properties/:id', async (req, res) => {
    const updated = await services.properties.update(req.viewer, req.params.id, req.body);
    res.json((await services.properties.withPrices([updated]))[0]);
  });
  // The walk-by funnel of the owner's listing: { passedBy, viewed, favorited, contacted, previous: { … } }.
  r.get('/properties/:id/stats', async (req, res) => {
    res.json(statsJson(await services.properties.stats(req.viewer, req.params.id, req.query.days)));
  });
  // « Je suis devant le bien »: the owner's fix { latitude, longitude, accuracy } → the listing, verified.
  r.post('/properties/:id/verify-on-site', async (req, res) => {
    const verified = await services.properties.verifyOnSite(req.viewer, req.params.id, req.body);
    res.json((await services.properties.withPrices([verified]))[0]);
  });
  r.delete('/properties/:id', async (req, res) => {
    await services.properties.delete(req.viewer, req.params.id);
    res.status(204).end();
  });
  r.post(
    '/upload',
    signedInBeforeUpload,
    multipart('images', {
      maxFiles: LIMITS.imagesPerListingMax,
      maxBytes: LIMITS.listingImageMaxBytes,
      admitFile: admitEachFile(services.uploads),
    }),
    async (req, res) => {
      res.status(201).json({ urls: await services.uploads.storeListingImages(req.viewer, filesOf(req)) });
    },
  );
  return r;
}
