/**
 * Upload handle design (two steps: upload, then create): the upload stores the bytes privately and records a
 * pending upload owned by the viewer; its answer's fileUrl is the opaque handle
 * `/api/tenant-files/pending/{uuid}`. createTenantFile consumes that handle once (DELETE … RETURNING in the
 * transaction that inserts the row), only for the user who uploaded it and within a day; the row's fileUrl
 * is then the authorized download path `/api/tenant-files/{id}/download`. Handles of other users, used
 * or expired handles and any other URL are refused the same way (400 on fileUrl).
 */
export const PENDING_PREFIX = '/api/tenant-files/pending/';
export const PENDING_TTL = "interval '1 day'";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The handle's uuid, or null for anything that is not a pending-upload handle. */
export function pendingUploadId(fileUrl: string): string | null {
  const path = fileUrl.replace(/^https?:\/\/[^/]+/, '');
  if (!path.startsWith(PENDING_PREFIX)) return null;
  const id = path.slice(PENDING_PREFIX.length).toLowerCase();
  return UUID.test(id) ? id : null;
}
