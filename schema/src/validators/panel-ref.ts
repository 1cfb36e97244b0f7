/**
 * The short public reference of a listing, printed on its panel and encoded in the panel's QR code: 6 characters
 * of Crockford's base32 (digits and capitals without I, L, O, U), random, unique.
 */
export const PROPERTY_REF_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PROPERTY_REF_LENGTH = 6;

/** A reference as stored: exactly 6 characters of the alphabet, in capitals. */
export const PROPERTY_REF_PATTERN = /^[0-9A-HJKMNP-TV-Z]{6}$/;

/** Crockford's decoding aliases: I and L read as 1, O as 0. */
const ALIASES: Record<string, string> = { I: '1', L: '1', O: '0' };

/**
 * The stored form of a reference as typed or scanned: case-insensitive, spaces and hyphens ignored, I/L → 1 and
 * O → 0 (Crockford). Null when it is not a well-formed reference.
 */
export function normalizePropertyRef(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 32) return null;
  const ref = input
    .replace(/[\s-]/g, '')
    .toUpperCase()
    .replace(/[ILO]/g, (c) => ALIASES[c]);
  return PROPERTY_REF_PATTERN.test(ref) ? ref : null;
}

/** How a listing came into a user's Découvertes: passed by while walking, a panel's QR code or reference, the demo. */
export const HISTORY_SOURCES = ['walk', 'panel', 'simulation'] as const;
export type HistorySource = (typeof HISTORY_SOURCES)[number];
