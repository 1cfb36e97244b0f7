import { MSG } from '@flaneur/schema';
import { AppError } from '../../lib/errors';
import type { Throttles } from '../../lib/throttle';

/** Limits of one report: the whole body, and each field once stored in the log line. */
export const CLIENT_ERROR_LIMITS = {
  maxBodyBytes: 16 * 1024,
  maxMessageChars: 1_000,
  maxStackChars: 8_000,
  maxUrlChars: 2_000,
} as const;

/** A screen of the web app that failed to render, as the client describes it. */
export interface ClientErrorReport {
  message: string;
  stack?: string;
  url: string;
}

function parseReport(body: unknown): ClientErrorReport {
  const invalid = () => new AppError('BAD_USER_INPUT', MSG.clientErrorInvalid);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalid();
  const { message, stack, url } = body as Record<string, unknown>;
  if (typeof message !== 'string' || message.trim() === '' || typeof url !== 'string') throw invalid();
  if (stack !== undefined && stack !== null && typeof stack !== 'string') throw invalid();
  return {
    message: message.slice(0, CLIENT_ERROR_LIMITS.maxMessageChars),
    stack: typeof stack === 'string' ? stack.slice(0, CLIENT_ERROR_LIMITS.maxStackChars) : undefined,
    url: url.slice(0, CLIENT_ERROR_LIMITS.maxUrlChars),
  };
}

/**
 * Client error reports go to the server log at warn, with the request id, so a screen that crashed for a user can
 * be traced. Bodies over 16 KB are refused (413, by the route's own body limit in app.ts), malformed ones 400, and each address has the
 * `clientErrorsPerAddress` budget (429), so a crash loop cannot flood the log.
 */
export class ClientErrorsService {
  constructor(private readonly deps: { throttles: Throttles }) {}

  async report(
    request: {
      ip: string;
      requestId?: string;
      userId?: number;
      log: Pick<import('pino').Logger, 'warn'>;
    },
    body: unknown,
  ): Promise<void> {
    await this.deps.throttles.consume('clientErrorsPerAddress', request.ip);
    const clientError = parseReport(body);
    request.log.warn({ requestId: request.requestId, userId: request.userId, clientError }, 'Client error reported');
  }
}
