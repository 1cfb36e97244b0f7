/** The French texts of the "Message" button's failures and progress, word for word. */
export const CONVERSATION_MESSAGES = {
  signedOut: 'Veuillez vous connecter pour envoyer un message',
  propertyUnavailable: "La propriété n'est pas disponible. Veuillez réessayer.",
  noOwner: 'Information manquante sur le propriétaire de ce bien.',
  sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
  forbidden: "Vous n'êtes pas autorisé à créer cette conversation.",
  failed: 'Impossible de démarrer la conversation. Veuillez réessayer.',
  creating: 'Création de la conversation',
  created: 'Conversation créée',
} as const;
