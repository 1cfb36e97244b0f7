import { z } from 'zod';
import { MESSAGE_TYPES } from '../constants/enums';
import { LIMITS } from '../constants/limits';
import { MSG } from '../constants/messages';
import { ZTenantFileShareDays } from './tenant-file';

/** Documents one message may carry. */
export const MESSAGE_ATTACHMENTS_MAX = 20;

const fileId = z.coerce
  .number({ error: MSG.attachmentInvalid })
  .int(MSG.attachmentInvalid)
  .positive(MSG.attachmentInvalid)
  .max(2_147_483_647, MSG.attachmentInvalid);

/**
 * A message to send: content at most 5000 characters (trimmed); blank content only when documents are
 * attached. `messageType` is accepted for the legacy client but the server derives it from the attachments.
 */
export const ZSendMessage = z
  .object({
    content: z
      .string({ error: MSG.messageEmpty })
      .nullish()
      .transform((v) => (v ?? '').trim())
      .pipe(z.string().max(LIMITS.messageMax, MSG.messageTooLong)),
    attachedFileIds: z
      .array(fileId, { error: MSG.attachmentInvalid })
      .max(MESSAGE_ATTACHMENTS_MAX, MSG.messageAttachmentsMax)
      .nullish()
      .transform((ids) => [...new Set(ids ?? [])]),
    messageType: z.enum(MESSAGE_TYPES, { error: MSG.invalidInput }).nullish(),
    /** How long the attached documents stay readable by the recipient: 7, 30 (default) or 90 days. */
    shareDays: ZTenantFileShareDays.nullish(),
  })
  .superRefine((m, ctx) => {
    if (!m.content && m.attachedFileIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['content'], message: MSG.messageEmpty });
  });
export type TSendMessage = z.input<typeof ZSendMessage>;
export type TSendMessageParsed = z.output<typeof ZSendMessage>;
