import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { MSG } from '../constants/messages';
import { agencyProfileFields } from './agency';
import { ZEmail } from './email';

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

/** A French phone number: 0X XX XX XX XX or +33 X XX XX XX XX (spaces, dots or dashes between the pairs). */
export const FRENCH_PHONE = /^(?:0|\+33 ?|0033 ?)[1-9](?:[ .-]?\d{2}){4}$/;
/** A French postal code: 5 digits. */
export const FRENCH_POSTAL_CODE = /^\d{5}$/;

/** An optional French phone number (empty → null). */
export const ZOptionalPhone = text(30).refine((v) => !v || FRENCH_PHONE.test(v), MSG.phoneInvalid);
/** An optional French postal code (empty → null). */
export const ZOptionalPostalCode = text(10).refine((v) => !v || FRENCH_POSTAL_CODE.test(v), MSG.postalCodeInvalid);

/** Profile edit: every field optional; email valid if given (a change needs currentPassword); bio at most 500 characters; French phone and postal code; age 16 to 120; agency name, SIREN with its check digit and « carte T » number. */
export const ZProfileUpdate = z.object(
  {
    firstName: text(100),
    lastName: text(100),
    email: ZEmail.optional(),
    /** The current password: required by the server when `email` changes the address. */
    currentPassword: z
      .string({ error: MSG.currentPasswordRequired })
      .max(LIMITS.passwordMax, MSG.currentPasswordWrong)
      .nullish()
      .transform((v) => v || undefined),
    phone: ZOptionalPhone,
    address: text(255),
    city: text(100),
    postalCode: ZOptionalPostalCode,
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
        if (!Number.isInteger(n)) {
          ctx.addIssue({ code: 'custom', message: MSG.ageInvalid });
          return z.NEVER;
        }
        if (n < LIMITS.ageMin || n > LIMITS.ageMax) {
          ctx.addIssue({ code: 'custom', message: MSG.ageRange });
          return z.NEVER;
        }
        return n;
      }),
    isLandlord: z.boolean({ error: MSG.invalidInput }).optional(),
    /** A professional account (agency): name, SIREN (Luhn key), professional card; its address is the profile's. */
    ...agencyProfileFields,
  },
  { error: MSG.invalidInput },
);
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

/** Accepted profile picture types (checked by content on the server). */
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
