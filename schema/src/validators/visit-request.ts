import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { MSG } from '../constants/messages';

/** A visit request: the listing and an optional message. */
export const ZVisitRequest = z.object(
  {
    propertyId: z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput),
    message: z
      .string({ error: MSG.invalidInput })
      .trim()
      .max(LIMITS.messageMax, MSG.messageTooLong)
      // PostgreSQL text cannot hold U+0000: refused as bad input rather than failing in the database.
      .refine((v) => !v.includes('\u0000'), MSG.invalidInput)
      .nullish()
      .transform((v) => v || null),
  },
  { error: MSG.invalidInput },
);
export type TVisitRequest = z.input<typeof ZVisitRequest>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Dates arrive as Date (GraphQL), ISO string (REST, forms) or epoch ms; missing stays undefined. */
const toDate = (v: unknown) => {
  if (v === undefined || v === null || v === '') return undefined;
  return typeof v === 'string' || typeof v === 'number' ? new Date(v) : v;
};

/**
 * The visit an owner proposes when accepting a request: its start (in the future, at most
 * LIMITS.visitProposalMaxDays ahead) and its length in minutes.
 */
export const ZVisitSlot = z.object(
  {
    proposedAt: z
      .preprocess(
        toDate,
        z.date({ error: (issue) => (issue.input === undefined ? MSG.visitDateRequired : MSG.visitDateInvalid) }),
      )
      .refine((d) => d.getTime() > Date.now(), MSG.visitDateInPast)
      .refine((d) => d.getTime() <= Date.now() + LIMITS.visitProposalMaxDays * DAY_MS, MSG.visitDateTooFar),
    slotMinutes: z.coerce
      .number({ error: MSG.visitSlotInvalid })
      .int(MSG.visitSlotInvalid)
      .min(LIMITS.visitSlotMinutes.min, MSG.visitSlotInvalid)
      .max(LIMITS.visitSlotMinutes.max, MSG.visitSlotInvalid),
  },
  { error: MSG.visitDateRequired },
);
export type TVisitSlot = z.input<typeof ZVisitSlot>;
