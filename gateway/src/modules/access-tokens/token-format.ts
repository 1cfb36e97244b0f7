import crypto from 'node:crypto';
import zlib from 'node:zlib';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** `flr_` + 30 random base62 characters + a 6-character base62 CRC32 of those 30: secret scanners can check it offline. */
export const TOKEN_PREFIX = 'flr_';
const RANDOM_CHARS = 30;
const CHECKSUM_CHARS = 6;
const SHAPE = new RegExp(`^${TOKEN_PREFIX}[0-9A-Za-z]{${RANDOM_CHARS + CHECKSUM_CHARS}}$`);
/** Characters shown in lists to recognise a token (`flr_` + 6): about 36 of 178 random bits. */
export const DISPLAY_PREFIX_CHARS = TOKEN_PREFIX.length + 6;

/** Uniform base62 characters: bytes ≥ 248 (= 4 × 62) are dropped so that no character is likelier. */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** The CRC32 of `text` written in base62 on 6 characters (62^6 > 2^32), left-padded with zeros. */
export function checksum(text: string): string {
  let n = zlib.crc32(text);
  let out = '';
  for (let i = 0; i < CHECKSUM_CHARS; i++) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

/** A new secret. */
export function generateToken(): string {
  const random = randomBase62(RANDOM_CHARS);
  return `${TOKEN_PREFIX}${random}${checksum(random)}`;
}

/** Whether a string has the shape of a token and its checksum holds (checked before any database lookup). */
export function isWellFormedToken(token: string): boolean {
  if (!SHAPE.test(token)) return false;
  const random = token.slice(TOKEN_PREFIX.length, TOKEN_PREFIX.length + RANDOM_CHARS);
  return checksum(random) === token.slice(TOKEN_PREFIX.length + RANDOM_CHARS);
}
