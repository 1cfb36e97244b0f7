import { z } from 'zod';
import { MSG } from '../constants/messages';

/** A visit request: the listing and an optional message. */
export const ZVisitRequest = z.object({
  propertyId: z.coerce.number().int().positive(),
  message: z
    .string()
    .trim()
    .max(2000, MSG.messageTooLong)
    .nullish()
    .transform((v) => v || null),
});
export type TVisitRequest = z.input<typeof ZVisitRequest>;
