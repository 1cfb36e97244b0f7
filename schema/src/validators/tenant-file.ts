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

/** Durations (days) a share made by attaching a document may last; the attach dialog offers these. */
export const TENANT_FILE_SHARE_DAYS = [7, 30, 90] as const;
export type TTenantFileShareDays = (typeof TENANT_FILE_SHARE_DAYS)[number];
/** A share lasts 30 days unless the tenant chose otherwise. */
export const TENANT_FILE_SHARE_DEFAULT_DAYS: TTenantFileShareDays = 30;

/** The duration of a share (attaching, or extending it): 7, 30 or 90 days. */
export const ZTenantFileShareDays = z.coerce
  .number({ error: MSG.tenantFileShareDaysInvalid })
  .refine((n): n is TTenantFileShareDays => (TENANT_FILE_SHARE_DAYS as readonly number[]).includes(n), {
    message: MSG.tenantFileShareDaysInvalid,
  });

/** Extending (or shortening) a share from now: the conversation where the document was attached, and a duration. */
export const ZExtendTenantFileShare = z.object({
  conversationId: z.coerce.number({ error: MSG.conversationForbidden }).int().positive(),
  days: ZTenantFileShareDays,
});
export type TExtendTenantFileShare = z.input<typeof ZExtendTenantFileShare>;

/**
 * Retention of the folder: a document neither shared nor opened for 12 months is deleted with its bytes, after an
 * e-mail warning sent a month before.
 */
export const TENANT_FILE_RETENTION = { months: 12, warningDays: 30 } as const;
