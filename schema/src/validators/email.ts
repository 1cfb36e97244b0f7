import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { MSG } from '../constants/messages';

/**
 * An e-mail address (registration, forgot password, profile): trimmed, lower-cased, at most LIMITS.emailMax
 * characters (checked before the format, so an absurd value costs nothing), then a valid address.
 */
export const ZEmail = z
  .string({ error: MSG.emailInvalid })
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax, MSG.emailTooLong)
  .pipe(z.email(MSG.emailInvalid));
