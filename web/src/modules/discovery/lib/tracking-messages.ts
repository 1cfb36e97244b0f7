import { GEOLOCATION_UNSUPPORTED } from '../../../lib/geolocation';

/** The French tracking texts, word for word (the unsupported-browser one is our own wording). */
export const TRACKING_MESSAGES = {
  unsupported: GEOLOCATION_UNSUPPORTED,
  startFailed: (message: string) => `Impossible de démarrer le suivi de position: ${message}`,
  watchFailed: (message: string) => `Erreur de suivi: ${message}`,
  saveFailed: "Erreur lors de l'enregistrement de la position",
  signalLost: 'Signal GPS perdu',
  noUser: 'Position non enregistrée : aucun utilisateur identifié',
} as const;
