import { MSG } from '@flaneur/schema';
import { hasErrorCode, serverMessage } from '../../../apollo/graphql-errors';

/** The description of the "Échec de la connexion" toast: the fixed text on 401, else the server message. */
export function loginErrorMessage(error: unknown): string {
  if (hasErrorCode(error, 'UNAUTHENTICATED')) return MSG.badCredentials;
  return serverMessage(error) ?? 'Une erreur est survenue lors de la connexion';
}

/** The description of the "Échec de l'inscription" toast: the server message, else a generic text. */
export function registerErrorMessage(error: unknown): string {
  const message = serverMessage(error);
  // The legacy server answered English "… exists"; the gateway answers CONFLICT in French.
  if (message && /exists/i.test(message)) return MSG.usernameExists;
  if (hasErrorCode(error, 'CONFLICT')) return message ?? MSG.usernameExists;
  return message ?? "Une erreur est survenue lors de l'inscription";
}
