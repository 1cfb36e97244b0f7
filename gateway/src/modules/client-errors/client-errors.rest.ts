import { Router } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** Limits of one report: the whole body, and each field once stored in the log line. */
export const CLIENT_ERROR_LIMITS = {
  maxBodyBytes: 16 * 1024,
  maxMessageChars: 1_000,
  maxStackChars: 8_000,
  maxUrlChars: 2_000,
  /** Reports per client address and window (seconds): a crash loop cannot flood the log. */
  points: 20,
  duration: 60,
} as const;

interface ClientErrorReport {
  message: string;
  stack?: string;
  url: string;
}

function parseReport(body: unknown): ClientErrorReport | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { message, stack, url } = body as Record<string, unknown>;
  if (typeof message !== 'string' || message.trim() === '' || typeof url !== 'string') return null;
  if (stack !== undefined && stack !== null && typeof stack !== 'string') return null;
  return {
    message: message.slice(0, CLIENT_ERROR_LIMITS.maxMessageChars),
    stack: typeof stack === 'string' ? stack.slice(0, CLIENT_ERROR_LIMITS.maxStackChars) : undefined,
    url: url.slice(0, CLIENT_ERROR_LIMITS.maxUrlChars),
  };
}

/**
 * POST /api/client-errors `{ message, stack?, url }`: a screen of the web app failed to render. Logged at warn with
 * the request id (and the user when signed in) through the request's pino logger, answered 204. Bodies over 16 KB answer 413, malformed ones 400, more
 * than 20 reports a minute from one address 429.
 */
export function clientErrorsRouter(): Router {
  const r = Router();
  const limiter = new RateLimiterMemory({
    keyPrefix: 'clientErrors',
    points: CLIENT_ERROR_LIMITS.points,
    duration: CLIENT_ERROR_LIMITS.duration,
  });
  r.post('/client-errors', async (req, res) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    const size =
      Number.isFinite(declared) && declared > 0 ? declared : Buffer.byteLength(JSON.stringify(req.body ?? ''));
    if (size > CLIENT_ERROR_LIMITS.maxBodyBytes) {
      res.status(413).json({ message: 'Rapport trop volumineux' });
      return;
    }
    try {
      await limiter.consume(req.ip ?? 'unknown');
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(e.msBeforeNext / 1000))));
      res.status(429).json({ message: 'Trop de rapports, réessayez plus tard' });
      return;
    }
    const report = parseReport(req.body);
    if (!report) {
      res.status(400).json({ message: 'Rapport invalide' });
      return;
    }
    req.log.warn({ requestId: req.requestId, userId: req.viewer?.id, clientError: report }, 'Client error reported');
    res.status(204).end();
  });
  return r;
}
