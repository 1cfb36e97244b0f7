import { LIMITS, MSG } from '@flaneur/schema';
import { NextFunction, Response, Router } from 'express';
import { filesOf, multipart } from '../../http/multipart';
import { AppError, notFound } from '../../lib/errors';
import { sameUserIn } from '../../http/legacy-identity';
import type { TenantFilesService } from './tenant-files.service';
import type { UploadsService } from '../uploads/uploads.service';
import { admitEachFile, signedInBeforeUpload } from '../uploads/upload-guard';
import { toTenantFileJson } from './tenant-file.json';
import type { OpenedFile } from './tenant-files.service';

/** Streams a private document as an attachment that browsers neither sniff, render inline nor cache. */
function sendDocument(res: Response, next: NextFunction, { file, stream }: OpenedFile, inline = false) {
  res.attachment(file.originalName);
  if (inline) {
    res.setHeader('Content-Disposition', String(res.getHeader('Content-Disposition')).replace(/^attachment/, 'inline'));
    // Shown in the browser's own viewer: no script, no form, no navigation of ours.
    res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self'; object-src 'self'");
  }
  res.setHeader('Content-Type', file.mimeType);
  res.setHeader('Content-Length', String(file.sizeBytes));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'no-store');
  stream.once('error', (err) => {
    if (res.headersSent) return void res.destroy();
    // The error is answered as JSON, not as the document.
    for (const header of ['Content-Disposition', 'Content-Type', 'Content-Length']) res.removeHeader(header);
    // The store unreachable: 503 (retry later); bytes missing: the same 404 as a document one may not read.
    next(err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE' ? err : notFound(MSG.tenantFileForbidden));
  });
  stream.pipe(res);
}

/** Legacy REST routes for the tenant folder, plus the authorized download; each calls one service. */
export function tenantFilesRouter(services: { tenantFiles: TenantFilesService; uploads: UploadsService }): Router {
  const r = Router();
  r.get('/tenant-files', sameUserIn('query'), async (req, res) => {
    res.json((await services.tenantFiles.list(req.viewer)).map(toTenantFileJson));
  });
  r.post(
    '/tenant-files/upload',
    signedInBeforeUpload,
    multipart('file', { maxFiles: 1, maxBytes: LIMITS.documentMaxBytes, admitFile: admitEachFile(services.uploads) }),
    async (req, res) => {
      res.status(201).json(await services.tenantFiles.upload(req.viewer, filesOf(req)[0]));
    },
  );
  r.get('/tenant-files/pending/:uploadId', async (req, res, next) => {
    sendDocument(res, next, await services.tenantFiles.openPending(req.viewer, req.params.uploadId));
  });
  r.get('/tenant-files/:fileId', async (req, res) => {
    res.json(toTenantFileJson(await services.tenantFiles.get(req.viewer, req.params.fileId)));
  });
  r.get('/tenant-files/:fileId/download', async (req, res, next) => {
    sendDocument(res, next, await services.tenantFiles.open(req.viewer, req.params.fileId, 'download'));
  });
  r.get('/tenant-files/:fileId/preview', async (req, res, next) => {
    sendDocument(res, next, await services.tenantFiles.open(req.viewer, req.params.fileId, 'preview'), true);
  });
  r.get('/tenant-files/:fileId/access-log', async (req, res) => {
    res.json(await services.tenantFiles.accessLog(req.viewer, req.params.fileId));
  });
  r.get('/tenant-files/:fileId/shares', async (req, res) => {
    res.json(await services.tenantFiles.shares(req.viewer, req.params.fileId));
  });
  r.post('/tenant-files/:fileId/extend', async (req, res) => {
    res.json(await services.tenantFiles.extend(req.viewer, req.params.fileId, req.body ?? {}));
  });
  r.post('/tenant-files', sameUserIn('body'), async (req, res) => {
    res.status(201).json(toTenantFileJson(await services.tenantFiles.create(req.viewer, req.body)));
  });
  r.delete('/tenant-files/:id', async (req, res) => {
    await services.tenantFiles.delete(req.viewer, req.params.id);
    res.status(204).end();
  });
  r.post('/tenant-files/:id/revoke', async (req, res) => {
    await services.tenantFiles.revoke(req.viewer, req.params.id, req.body?.conversationId);
    res.json({ success: true });
  });
  return r;
}
