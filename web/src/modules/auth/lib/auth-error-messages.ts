import { MSG } from '@flaneur/schema';
import { hasErrorCode, serverMessage } from '../../../apollo/graphql-errors';

/** SPEC §8 / DECISIONS.md: the description of the "Échec de la connexion" toast. */
export function loginErrorMessage(error: unknown): string {
  if (hasErrorCode(error, 'UNAUTHENTICATED')) return MSG.badCredentials;
  return serverMessage(error) ?? 'Une erreur est survenue lors de la connexion';
}

/** SPEC §8: the description of the "Échec de l'inscription" toast. */
export function registerErrorMessage(error: unknown): string {
  const message = serverMessage(error);
  // The legacy server answered English "… exists"; the gateway answers CONFLICT in French.
  if (message && /exists/i.test(message)) return MSG.usernameExists;
  if (hasErrorCode(error, 'CONFLICT')) return message ?? MSG.usernameExists;
  return message ?? "Une erreur est survenue lors de l'inscription";
}
