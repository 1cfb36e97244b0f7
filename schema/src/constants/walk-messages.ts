/**
 * The French texts of walking and visits shown only on some screens (a refused position, what a walk met, the slot
 * of a visit), apart from MSG so that the first loads which read MSG do not carry them.
 */
export const WALK_MSG = {
  trackingDeniedTitle: 'Accès à votre position refusé',
  trackingDeniedIntro:
    "La découverte en marchant a besoin de votre position, et l'autorisation a été refusée : elle ne vous sera plus demandée. Pour l'autoriser à nouveau :",
  trackingDeniedNative:
    "Ouvrez les Paramètres du téléphone › Applications › Flâneur › Autorisations › Position, puis choisissez « Autoriser seulement si l'appli est en cours d'utilisation » ou « Toujours autoriser ».",
  trackingDeniedIos:
    "Sur iPhone : Réglages › Confidentialité et sécurité › Service de localisation › Sites web Safari : « Lorsque l'app est active ». Puis, dans Safari, touchez « aA » à gauche de l'adresse › Réglages du site web › Position › Autoriser.",
  trackingDeniedAndroidChrome:
    "Dans Chrome, touchez l'icône à gauche de l'adresse › Autorisations › Position › Autoriser. Si la position reste bloquée : Paramètres du téléphone › Applications › Chrome › Autorisations › Position.",
  trackingDeniedFirefox:
    "Dans Firefox, touchez le cadenas à gauche de l'adresse, puis retirez le blocage de « Accéder à votre position ».",
  trackingDeniedDesktop:
    "Cliquez sur l'icône à gauche de l'adresse (paramètres du site), choisissez « Autoriser » pour la position, puis touchez « Réessayer ».",
  trackingDeniedRetry: 'Réessayer',
  /** `{radius}` and `{saved}` are replaced by the offered and the saved radius (« 500 m », « 2 km »). */
  trackingWalkRadius: 'Ne découvrir que les biens devant lesquels je passe : rayon de {radius} au lieu de {saved}',
  myVisitRequestsTitle: 'Mes demandes de visite',
  visitSlotToAnswer: 'Le propriétaire propose ce créneau : confirmez-le ou refusez-le.',
  visitSlotConfirm: 'Confirmer le créneau',
  visitSlotDecline: 'Refuser le créneau',
  visitSlotConfirmed: 'Créneau confirmé',
  visitSlotDeclined: 'Créneau refusé',
  visitSlotAnswerFailed: 'Impossible de répondre à ce créneau. Veuillez réessayer.',
  /** What a walk passed (Découvertes' and the Explorer's empty screens); `{s}` is the plural's « s ». */
  walkOut_priceOver: 'au-dessus de votre budget',
  walkOut_priceUnder: 'sous votre budget minimum',
  walkOut_sizeUnder: 'trop petit{s}',
  walkOut_sizeOver: 'trop grand{s}',
  walkOut_bedrooms: 'sans le nombre de chambres voulu',
  walkOut_rooms: 'avec trop peu de pièces',
  walkOut_bathrooms: 'sans le nombre de salles de bain voulu',
  walkOut_features: 'sans les équipements voulus',
  walkOut_zone: 'hors de votre zone dessinée',
  walkOut_energy: "d'une classe énergie au-delà de votre limite",
  walkOut_statusRent: 'à vendre',
  walkOut_statusSale: 'à louer',
  walkOut_type: "d'un autre type de bien",
  walkRelax_priceOver: 'Retirer le budget maximum',
  walkRelax_priceUnder: 'Retirer le budget minimum',
  walkRelax_sizeUnder: 'Retirer la surface minimum',
  walkRelax_sizeOver: 'Retirer la surface maximum',
  walkRelax_bedrooms: 'Tous les nombres de chambres',
  walkRelax_rooms: 'Retirer le nombre de pièces minimum',
  walkRelax_bathrooms: 'Tous les nombres de salles de bain',
  walkRelax_features: 'Retirer les équipements',
  walkRelax_zone: 'Retirer la zone dessinée',
  walkRelax_energy: 'Toutes les classes énergie',
  walkRelax_status: 'Vente et location',
  walkRelax_type: 'Tous les types de bien',
  walkTrackingSince: 'Suivi de position actif depuis {time}',
  walkLastWalk: 'Dernière balade le {date}',
  walkWaitingFix: 'Suivi de position actif : en attente de votre première position.',
  visitSlotNotProposed: "Aucun créneau n'a été proposé pour cette demande de visite.",
  visitSlotAlreadyAnswered: 'Vous avez déjà répondu à ce créneau.',
  visitSlotPast: 'Ce créneau est déjà passé : demandez une nouvelle visite.',
  visitSlotAnswerRequired: 'Indiquez si vous confirmez le créneau (true) ou le refusez (false).',
} as const;
