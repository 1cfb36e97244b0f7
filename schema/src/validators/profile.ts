import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { MSG } from '../constants/messages';

/** PostgreSQL text cannot hold U+0000: refused as bad input rather than failing in the database. */
const noNul = (v: string) => !v.includes('\u0000');
const text = (max: number) =>
  z
    .string({ error: MSG.invalidInput })
    .trim()
    .max(max, MSG.invalidInput)
    .refine(noNul, MSG.invalidInput)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/** Profile edit: every field optional; email valid if given; bio at most 500 characters; age a number. */
export const ZProfileUpdate = z.object(
  {
    firstName: text(100),
    lastName: text(100),
    email: z.string({ error: MSG.emailInvalid }).trim().toLowerCase().pipe(z.email(MSG.emailInvalid)).optional(),
    phone: text(30),
    address: text(255),
    city: text(100),
    postalCode: text(10),
    bio: z
      .string({ error: MSG.invalidInput })
      .max(LIMITS.bioMax, MSG.bioMax)
      .refine(noNul, MSG.invalidInput)
      .nullish()
      .transform((v) => (v === undefined ? undefined : v?.trim() || null)),
    age: z
      .union([z.number(), z.string().trim()], { error: MSG.ageInvalid })
      .nullish()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        if (v === null || v === '') return null;
        const n = Number(v);
        if (!Number.isInteger(n) || n < 0 || n > 130) {
          ctx.addIssue({ code: 'custom', message: MSG.ageInvalid });
          return z.NEVER;
        }
        return n;
      }),
    isLandlord: z.boolean({ error: MSG.invalidInput }).optional(),
  },
  { error: MSG.invalidInput },
);
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

/** Accepted profile picture types (checked by content on the server). */
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
