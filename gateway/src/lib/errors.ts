import { MSG, type ErrorCode } from '@flaneur/schema';

export type { ErrorCode };

export const HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  THROTTLED: 429,
};

/** An expected failure with a French message, safe to show to the user. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { fields?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthenticated = (message: string = MSG.unauthenticated) => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message: string = MSG.forbidden) => new AppError('FORBIDDEN', message);
export const notFound = (message: string = MSG.notFound) => new AppError('NOT_FOUND', message);

/** Codes of a database that cannot be reached or is going away (connection refused or lost, shutting down). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
const UNREACHABLE_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * The 503 of a database that is not answering (stopped, restarting, network lost), or null for any other error.
 * SQLSTATE class 08 (connection exception) and 57P01–57P03 (shutdown, crash shutdown, cannot connect now), the
 * socket errors of node-postgres, whether raised by it or wrapped by TypeORM (driverError).
 */
export function databaseUnavailable(err: unknown): AppError | null {
  for (
    let e = err as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    i++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNREACHABLE_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))
      return new AppError('SERVICE_UNAVAILABLE', MSG.databaseUnavailable, { retryAfterSeconds: 5 });
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGES.test(e.message))
      return new AppError('SERVICE_UNAVAILABLE', MSG.databaseUnavailable, { retryAfterSeconds: 5 });
    e = (e.driverError ?? e.cause) as typeof e;
  }
  return null;
}
