import crypto from 'node:crypto';

/** 32 random bytes, URL-safe. */
export const randomToken = (): string => crypto.randomBytes(32).toString('base64url');

/** Tokens are stored as their SHA-256 only. */
export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');
