import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { MSG } from '../constants/messages';

/** What a personal access token may do; each scope opens a fixed list of operations (docs/decisions.md). */
export const ACCESS_TOKEN_SCOPES = [
  'listings:read',
  'listings:write',
  'discoveries:read',
  'discoveries:write',
  'favorites',
  'messages:read',
  'messages:write',
  'profile:read',
  'webhooks',
  'feeds',
] as const;
export type TAccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];

/** French label of each scope, as the « Accès API » screen shows it. */
export const ACCESS_TOKEN_SCOPE_LABELS: Record<TAccessTokenScope, string> = {
  'listings:read': 'Lire les annonces',
  'listings:write': 'Publier, modifier et supprimer mes annonces',
  'discoveries:read': 'Lire mes découvertes et mes critères',
  'discoveries:write': 'Envoyer mes positions et modifier mes critères',
  favorites: 'Lire et modifier mes favoris',
  'messages:read': 'Lire mes messages et demandes de visite',
  'messages:write': 'Envoyer des messages et des demandes de visite',
  'profile:read': 'Lire mon profil',
  webhooks: 'Gérer mes webhooks',
  feeds: "Importer le flux d'annonces de mon agence",
};

/** Personal access tokens: lifetime in days, name length, tokens per user. */
export const ACCESS_TOKEN_LIMITS = {
  expiresInDays: { min: 1, max: 365, default: 90 },
  nameMax: 100,
  /** Active (unrevoked, unexpired) tokens a user may hold. */
  perUser: 50,
} as const;

const L = ACCESS_TOKEN_LIMITS;

/**
 * The creation form and `createAccessToken` / `POST /api/access-tokens`: the current password is asked again, so a
 * session left open (or stolen) cannot mint a long-lived token on its own.
 */
export const ZCreateAccessToken = z.object({
  currentPassword: z
    .string({ error: MSG.currentPasswordRequiredForToken })
    .min(1, MSG.currentPasswordRequiredForToken)
    .max(LIMITS.passwordMax, MSG.currentPasswordWrong),
  name: z
    .string({ error: MSG.accessTokenNameRequired })
    .trim()
    .min(1, MSG.accessTokenNameRequired)
    .max(L.nameMax, MSG.accessTokenNameTooLong),
  scopes: z
    .array(z.enum(ACCESS_TOKEN_SCOPES, { error: MSG.accessTokenScopeInvalid }), {
      error: MSG.accessTokenScopesRequired,
    })
    .min(1, MSG.accessTokenScopesRequired)
    .max(ACCESS_TOKEN_SCOPES.length, MSG.accessTokenScopeInvalid)
    .transform((scopes) => [...new Set(scopes)]),
  expiresInDays: z.coerce
    .number({ error: MSG.accessTokenExpiryInvalid })
    .int(MSG.accessTokenExpiryInvalid)
    .min(L.expiresInDays.min, MSG.accessTokenExpiryInvalid)
    .max(L.expiresInDays.max, MSG.accessTokenExpiryInvalid)
    .default(L.expiresInDays.default),
});
export type TCreateAccessToken = z.output<typeof ZCreateAccessToken>;
export type TCreateAccessTokenInput = z.input<typeof ZCreateAccessToken>;
