import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { MSG } from '../constants/messages';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/** Profile edit: every field optional; email valid if given; bio at most 500 characters; age a number. */
export const ZProfileUpdate = z.object({
  firstName: text(100),
  lastName: text(100),
  email: z.string().trim().toLowerCase().pipe(z.email(MSG.emailInvalid)).optional(),
  phone: text(30),
  address: text(255),
  city: text(100),
  postalCode: text(10),
  bio: z
    .string()
    .max(LIMITS.bioMax, MSG.bioMax)
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
  isLandlord: z.boolean().optional(),
});
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

/** Accepted profile picture types (checked by content on the server). */
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
