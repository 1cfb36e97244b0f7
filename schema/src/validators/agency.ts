import { z } from 'zod';
import { LISTING_MSG } from '../constants/listing-state';
import { MSG } from '../constants/messages';

/** The Luhn check of a SIREN (9 digits, the last one the key): doubled every second digit from the right. */
export function isValidSiren(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = Number(value[8 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** « Carte T » or « carte G » number as printed: CPI, 4-digit CCI code, then digits (spaces allowed), 30 at most. */
export const PROFESSIONAL_CARD = /^CPI ?\d{4} ?\d{4} ?\d{3} ?\d{3} ?\d{3}$/i;

/** The agency fields of a professional account (profile edit): empty text clears the field (null). */
export const agencyProfileFields = {
  agencyName: z
    .string({ error: LISTING_MSG.agencyNameInvalid })
    .trim()
    .max(150, LISTING_MSG.agencyNameInvalid)
    .refine((v) => !v.includes('\u0000'), MSG.invalidInput)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  siren: z
    .string({ error: LISTING_MSG.sirenInvalid })
    .transform((v) => v.replace(/\s+/g, ''))
    .nullish()
    .refine((v) => !v || isValidSiren(v), LISTING_MSG.sirenInvalid)
    .transform((v) => (v === undefined ? undefined : v || null)),
  professionalCard: z
    .string({ error: LISTING_MSG.professionalCardInvalid })
    .trim()
    .nullish()
    .refine((v) => !v || PROFESSIONAL_CARD.test(v), LISTING_MSG.professionalCardInvalid)
    .transform((v) => (v === undefined ? undefined : v ? v.toUpperCase().replace(/\s+/g, ' ') : null)),
};
