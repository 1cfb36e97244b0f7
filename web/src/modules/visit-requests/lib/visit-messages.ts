/** The French texts of visit requests (listing page and « Mes annonces »), word for word. */
export const VISIT_MESSAGES = {
  signedOut: { title: 'Authentification requise', description: 'Veuillez vous connecter pour demander une visite' },
  sent: { title: 'Demande envoyée', description: 'Le propriétaire a reçu votre demande de visite.' },
  failed: "Impossible d'envoyer la demande de visite. Veuillez réessayer.",
  received: 'Nouvelle demande de visite',
  approved: 'Demande de visite acceptée',
  rejected: 'Demande de visite refusée',
} as const;

/** The state of the user's own request, as the listing page shows it. */
export const OWN_STATUS = {
  pending: { label: 'Demande envoyée', tone: 'badge--warning' },
  approved: { label: 'Acceptée', tone: 'badge--success' },
  rejected: { label: 'Refusée', tone: 'badge--danger' },
} as const;
