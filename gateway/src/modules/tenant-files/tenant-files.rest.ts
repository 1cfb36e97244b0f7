import { MSG } from '@flaneur/schema';
import { NextFunction, Response, Router } from 'express';
import { filesOf, multipart } from '../../http/multipart';
import { notFound } from '../../lib/errors';
import type { Services } from '../../services';
import { UPLOAD_LIMITS } from '../uploads/incoming-file';
import type { TenantFile } from './tenant-file.entity';
import type { OpenedFile } from './tenant-files.service';

/** The legacy REST shape of a document: every column but the storage key. */
export const toTenantFileJson = (f: TenantFile) => ({
  id: f.id,
  userId: f.userId,
  title: f.title,
  description: f.description,
  fileUrl: f.fileUrl,
  fileType: f.fileType,
  verified: f.verified,
  originalName: f.originalName,
  mimeType: f.mimeType,
  sizeBytes: f.sizeBytes,
  uploadedAt: f.uploadedAt,
});

/** Streams a private document as an attachment that browsers neither sniff, render inline nor cache. */
function sendDocument(res: Response, next: NextFunction, { file, stream }: OpenedFile) {
  res.attachment(file.originalName);
  res.setHeader('Content-Type', file.mimeType);
  res.setHeader('Content-Length', String(file.sizeBytes));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'no-store');
  stream.once('error', () => {
    if (res.headersSent) res.destroy();
    else next(notFound(MSG.tenantFileForbidden));
  });
  stream.pipe(res);
}

/** Legacy REST routes of SPEC.md §7 for the tenant folder, plus the authorized download; each calls one service. */
export function tenantFilesRouter(services: Services): Router {
  const r = Router();
  r.get('/tenant-files', async (req, res) => {
    res.json((await services.tenantFiles.list(req.viewer ?? null, req.query.userId)).map(toTenantFileJson));
  });
  r.post(
    '/tenant-files/upload',
    multipart('file', { maxFiles: 1, maxBytes: UPLOAD_LIMITS.documentBytes }),
    async (req, res) => {
      res.status(201).json(await services.tenantFiles.upload(req.viewer ?? null, filesOf(req)[0]));
    },
  );
  r.get('/tenant-files/pending/:uploadId', async (req, res, next) => {
    sendDocument(res, next, await services.tenantFiles.openPending(req.viewer ?? null, req.params.uploadId));
  });
  r.get('/tenant-files/:fileId', async (req, res) => {
    res.json(toTenantFileJson(await services.tenantFiles.get(req.viewer ?? null, req.params.fileId)));
  });
  r.get('/tenant-files/:fileId/download', async (req, res, next) => {
    sendDocument(res, next, await services.tenantFiles.open(req.viewer ?? null, req.params.fileId));
  });
  r.post('/tenant-files', async (req, res) => {
    res
      .status(201)
      .json(toTenantFileJson(await services.tenantFiles.create(req.viewer ?? null, req.body, req.body?.userId)));
  });
  r.delete('/tenant-files/:id', async (req, res) => {
    await services.tenantFiles.delete(req.viewer ?? null, req.params.id);
    res.status(204).end();
  });
  r.post('/tenant-files/:id/revoke', async (req, res) => {
    await services.tenantFiles.revoke(req.viewer ?? null, req.params.id, req.body?.conversationId);
    res.json({ success: true });
  });
  return r;
}
