import type { TenantFile } from './tenant-file.entity';

/** The legacy REST shape of a document (also in the account export): every column but the storage key. */
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
