import { z } from 'zod';
import { TENANT_FILE_TYPES } from '../constants/enums';
import { MSG } from '../constants/messages';

/** Accepted document formats (checked by content on the server); the web picker uses the extensions. */
export const TENANT_FILE_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx'] as const;

/**
 * A document of the tenant folder (profile "Documents" form): title required, type from the list,
 * description optional, and the handle answered by the upload step (file required).
 */
export const ZTenantFile = z.object({
  title: z.string({ error: MSG.titleRequired }).trim().min(1, MSG.titleRequired).max(200, MSG.tenantFileTitleTooLong),
  description: z
    .string()
    .trim()
    .max(1000, MSG.tenantFileDescriptionTooLong)
    .nullish()
    .transform((v) => v || null),
  fileType: z.enum(TENANT_FILE_TYPES, { error: MSG.tenantFileTypeRequired }),
  fileUrl: z.string({ error: MSG.fileRequired }).trim().min(1, MSG.fileRequired).max(500, MSG.fileRequired),
});
export type TTenantFile = z.input<typeof ZTenantFile>;
export type TTenantFileParsed = z.output<typeof ZTenantFile>;
