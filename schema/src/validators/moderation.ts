import { z } from 'zod';
import {
  MODERATION_ACTIONS,
  MODERATION_LIMITS,
  MODERATION_MSG,
  MODERATION_TARGET_TYPES,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
} from '../constants/moderation';
import { MSG } from '../constants/messages';

const id = z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput);
// PostgreSQL text cannot hold U+0000: refused as bad input rather than failing in the database.
const noNul = (v: string) => !v.includes('\u0000');

/** A report: what (type and id), why (one of REPORT_REASONS) and an optional comment. */
export const ZReport = z.object(
  {
    targetType: z.enum(REPORT_TARGET_TYPES, { error: MODERATION_MSG.reportTargetInvalid }),
    targetId: id,
    reason: z.enum(REPORT_REASONS, { error: MODERATION_MSG.reportReasonInvalid }),
    comment: z
      .string({ error: MSG.invalidInput })
      .trim()
      .max(MODERATION_LIMITS.reportCommentMax, MODERATION_MSG.reportCommentTooLong)
      .refine(noNul, MSG.invalidInput)
      .nullish()
      .transform((v) => v || null),
  },
  { error: MSG.invalidInput },
);
export type TReport = z.input<typeof ZReport>;

/** A moderator's decision: the target, the action and its reason (shown to the owner). */
export const ZModerationAction = z.object(
  {
    targetType: z.enum(MODERATION_TARGET_TYPES, { error: MODERATION_MSG.moderationActionInvalid }),
    targetId: id,
    action: z.enum(MODERATION_ACTIONS, { error: MODERATION_MSG.moderationActionInvalid }),
    reason: z
      .string({ error: MODERATION_MSG.moderationReasonRequired })
      .trim()
      .min(MODERATION_LIMITS.actionReasonMin, MODERATION_MSG.moderationReasonRequired)
      .max(MODERATION_LIMITS.actionReasonMax, MODERATION_MSG.moderationReasonTooLong)
      .refine(noNul, MSG.invalidInput),
  },
  { error: MSG.invalidInput },
);
export type TModerationAction = z.input<typeof ZModerationAction>;

/** The owner's contest of a decision. */
export const ZContest = z.object(
  {
    message: z
      .string({ error: MODERATION_MSG.contestTooShort })
      .trim()
      .min(MODERATION_LIMITS.contestMin, MODERATION_MSG.contestTooShort)
      .max(MODERATION_LIMITS.contestMax, MODERATION_MSG.contestTooLong)
      .refine(noNul, MSG.invalidInput),
  },
  { error: MSG.invalidInput },
);
export type TContest = z.input<typeof ZContest>;
