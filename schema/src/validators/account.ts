import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { MSG } from '../constants/messages';

/** Account deletion (RGPD): the current password, re-entered. */
export const ZDeleteAccount = z.object(
  {
    password: z
      .string({ error: MSG.passwordRequired })
      .min(1, MSG.passwordRequired)
      .max(LIMITS.passwordMax, MSG.passwordTooLong),
  },
  { error: MSG.passwordRequired },
);
export type TDeleteAccount = z.infer<typeof ZDeleteAccount>;
