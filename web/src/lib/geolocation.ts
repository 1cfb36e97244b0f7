/** The one wording, everywhere in the app, for a browser without geolocation. */
export const GEOLOCATION_UNSUPPORTED = "La géolocalisation n'est pas prise en charge par votre navigateur";

// Browsers word GeolocationPositionError.message in English: the French UI names the code instead.
const POSITION_ERRORS: Record<number, string> = {
  1: 'autorisation de localisation refusée',
  2: 'position indisponible',
  3: "délai d'attente dépassé",
};

/** The French reason of a geolocation failure (one-shot position or tracking watch). */
export function positionErrorMessage(error: { code?: number; message?: string } | unknown): string {
  const { code, message } = (error ?? {}) as { code?: number; message?: string };
  if (typeof code === 'number' && POSITION_ERRORS[code]) return POSITION_ERRORS[code];
  return message || 'erreur inconnue';
}
