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
