import type { AccessToken } from './access-token.entity';

/** REST shape of a token (never its hash). */
export const toAccessTokenJson = (t: AccessToken) => ({
  id: t.id,
  name: t.name,
  scopes: t.scopes,
  prefix: t.prefix,
  createdAt: t.createdAt,
  expiresAt: t.expiresAt,
  lastUsedAt: t.lastUsedAt,
});
