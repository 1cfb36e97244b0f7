import { FEED_LIMITS } from '@flaneur/schema';
import { Router } from 'express';
import { filesOf, multipart } from '../../http/multipart';
import type { FeedSourcesService } from './feed-sources.service';
import type { FeedsService } from './feeds.service';
import type { UploadsService } from '../uploads/uploads.service';
import { admitEachFile, signedInBeforeUpload } from '../uploads/upload-guard';
import { feedImportJson, feedReportCsv, feedSourceJson } from './feed-import.json';

/** REST routes of the agency feeds; each calls one service. */
export function feedsRouter(services: {
  feedSources: FeedSourcesService;
  feeds: FeedsService;
  uploads: UploadsService;
}): Router {
  const r = Router();
  // The ZIP in the multipart field `feed`: 202 { id } once received; the import runs in the background.
  r.post(
    '/feeds/imports',
    signedInBeforeUpload,
    multipart('feed', { maxFiles: 1, maxBytes: FEED_LIMITS.zipMaxBytes, admitFile: admitEachFile(services.uploads) }),
    async (req, res) => {
      const created = await services.feeds.start(req.viewer, filesOf(req)[0]);
      res.status(202).json({ id: created.id, status: created.status });
    },
  );
  r.get('/feeds/imports', async (req, res) => {
    res.json((await services.feeds.list(req.viewer)).map((row) => feedImportJson(row)));
  });
  // ?format=csv downloads the per-line report.
  r.get('/feeds/imports/:id', async (req, res) => {
    const row = await services.feeds.get(req.viewer, req.params.id);
    res.setHeader('Cache-Control', 'private, no-store');
    if (req.query.format === 'csv') {
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="rapport-import-${row.id}.csv"`);
      res.send(feedReportCsv(row.report));
      return;
    }
    res.json(feedImportJson(row, row.report));
  });
  // The address fetched every night: GET (null when none), PUT { url }, DELETE; POST …/fetch queues a fetch now.
  r.get('/feeds/source', async (req, res) => {
    const row = await services.feedSources.get(req.viewer);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(row && feedSourceJson(row));
  });
  r.put('/feeds/source', async (req, res) => {
    res.json(feedSourceJson(await services.feedSources.set(req.viewer, req.body?.url)));
  });
  r.delete('/feeds/source', async (req, res) => {
    await services.feedSources.remove(req.viewer);
    res.status(204).end();
  });
  r.post('/feeds/source/fetch', async (req, res) => {
    await services.feedSources.fetchNow(req.viewer);
    res.status(202).json({ queued: true });
  });
  return r;
}
