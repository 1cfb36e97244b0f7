import { serverMessage } from '../../../apollo/graphql-errors';

/** When the server answered no message (network down): a French line of our own. */
export const MODERATION_NETWORK_ERROR = "L'envoi a échoué. Vérifiez votre connexion et réessayez.";

/** The server's French message (duplicate, throttle, forbidden…), else the network line. */
export function moderationErrorMessage(error: unknown): string {
  return serverMessage(error) ?? MODERATION_NETWORK_ERROR;
}
