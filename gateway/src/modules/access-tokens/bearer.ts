import { MSG } from '@flaneur/schema';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { COST_RULES, objectsIn } from '../../graphql/cost';
import { AppError, forbidden, unauthenticated } from '../../lib/errors';
import type { Services } from '../../wiring/services';
import type { TokenGrant } from './access-tokens.service';
import { budgetKey, restRequirement, scopeRefusal } from './token-access';
import { budgetHeaders } from './token-budget';

declare module 'express-serve-static-core' {
  interface Request {
    /** The access token the request was authenticated with (`Authorization: Bearer flr_…`); absent with a cookie. */
    accessToken?: TokenGrant;
  }
}

const BEARER = /^Bearer(?:\s+(\S*))?\s*$/i;

/** The secret of an `Authorization: Bearer …` header ('' when empty), or null when the request sends no Bearer. */
export function bearerSecret(header: string | undefined): string | null {
  if (!header) return null;
  const match = BEARER.exec(header);
  return match ? (match[1] ?? '') : null;
}

/**
 * Resolves the viewer of a request that sends a Bearer token (the cookie is then ignored): 401 UNAUTHENTICATED
 * for an unknown, expired or revoked token, in the shape of the path (GraphQL errors on /graphql, `{ message }`
 * on /api).
 */
export async function authenticateBearer(
  services: Services,
  secret: string,
  req: Request,
  res: Response,
  next: NextFunction,
): Promise<void> {
  const found = await services.accessTokens.authenticate(secret);
  if (!found) {
    res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
    if (req.baseUrl === '/graphql') {
      res.status(401).json({ errors: [{ message: MSG.accessTokenInvalid, extensions: { code: 'UNAUTHENTICATED' } }] });
      return;
    }
    return next(unauthenticated(MSG.accessTokenInvalid));
  }
  req.viewer = found.user;
  req.accessToken = found.grant;
  // The identity is the token, not an ambient cookie a cross-site page could ride on: Apollo's CSRF preflight
  // requirement has nothing to protect here (GET queries and multipart uploads work without the header).
  req.headers['apollo-require-preflight'] = 'true';
  next();
}

/**
 * The REST side of token access, before every /api route: the route's scope (REST_TOKEN_SCOPES; unlisted → 403),
 * then COST_RULES.restRequestCost points from the token's bucket (429 + Retry-After), with the X-RateLimit headers.
 * The JSON answer is then weighed as GraphQL's are, one point per object: what it holds past the points taken is
 * charged too (320 listings are not 10 points). Cookie requests pass untouched.
 */
export function restTokenGuard(services: Services): RequestHandler {
  return async (req, res, next) => {
    const grant = req.accessToken;
    if (!grant) return next();
    const refusal = scopeRefusal(restRequirement(req.method, req.path), grant);
    if (refusal) throw forbidden(refusal);
    const status = await services.accessTokens.budget.take(budgetKey(grant), COST_RULES.restRequestCost);
    for (const [name, value] of Object.entries(budgetHeaders(status))) res.setHeader(name, value);
    if (!status.allowed)
      throw new AppError('THROTTLED', MSG.accessTokenThrottled, { retryAfterSeconds: status.retryAfterSeconds });
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const extra = objectsIn(body) - COST_RULES.restRequestCost;
      if (extra > 0 && res.statusCode < 400) {
        res.setHeader('x-ratelimit-remaining', String(Math.max(0, status.currentlyAvailable - extra)));
        services.accessTokens.budget
          .adjust(budgetKey(grant), extra)
          .catch((err: unknown) => req.log?.warn({ err }, 'token budget: REST charge not recorded'));
      }
      return json(body);
    };
    next();
  };
}
