/** What can be reported: a listing, a conversation, an account. */
export const REPORT_TARGET_TYPES = ['property', 'conversation', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** Why a user reports something. */
export const REPORT_REASONS = [
  'arnaque',
  'deja_loue_vendu',
  'doublon',
  'informations_fausses',
  'contenu_inapproprie',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The French label of each reason, as the report dialog and the moderation queue show it. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  arnaque: 'Arnaque ou tentative de fraude',
  deja_loue_vendu: 'Annonce déjà louée ou vendue',
  doublon: "Doublon d'une autre annonce",
  informations_fausses: 'Informations fausses',
  contenu_inapproprie: 'Contenu inapproprié',
};

/** What a moderator acts on: a listing (hide, restore) or an account (warn, suspend, reinstate). */
export const MODERATION_TARGET_TYPES = ['property', 'user'] as const;
export type ModerationTargetType = (typeof MODERATION_TARGET_TYPES)[number];

export const MODERATION_ACTIONS = ['hide', 'restore', 'warn', 'suspend', 'reinstate'] as const;
export type ModerationActionKind = (typeof MODERATION_ACTIONS)[number];

/** Which actions apply to which target. */
export const MODERATION_ACTIONS_BY_TARGET: Record<ModerationTargetType, readonly ModerationActionKind[]> = {
  property: ['hide', 'restore'],
  user: ['warn', 'suspend', 'reinstate'],
};

/** Each decision in French, as the owner concerned and the moderation queue read it. */
export const MODERATION_ACTION_LABELS: Record<ModerationActionKind, string> = {
  hide: 'Annonce masquée',
  restore: 'Annonce rétablie',
  warn: 'Avertissement',
  suspend: 'Compte suspendu',
  reinstate: 'Compte rétabli',
};

/** The moderator's button of each action. */
export const MODERATION_ACTION_VERBS: Record<ModerationActionKind, string> = {
  hide: "Masquer l'annonce",
  restore: "Rétablir l'annonce",
  warn: 'Avertir le compte',
  suspend: 'Suspendre le compte',
  reinstate: 'Rétablir le compte',
};

/** Roles of an account; `moderator` is granted by the operator command only (npm run user:role). */
export const USER_ROLES = ['user', 'moderator'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Signals found in a message by the scam detector (gateway/src/modules/moderation/message-signals.ts). */
export const MESSAGE_SIGNALS = [
  'argent_avant_visite',
  'virement_etranger',
  'coupon_paiement',
  'autre_canal',
  'documents_avant_visite',
] as const;
export type MessageSignal = (typeof MESSAGE_SIGNALS)[number];

/** The French reason of each message signal, as the moderation queue shows it. */
export const MESSAGE_SIGNAL_LABELS: Record<MessageSignal, string> = {
  argent_avant_visite: "Demande d'argent avant toute visite",
  virement_etranger: "Virement ou paiement vers l'étranger",
  coupon_paiement: 'Paiement par coupon ou mandat (PCS, Transcash, mandat cash, Western Union…)',
  autre_canal: 'Invitation à poursuivre la discussion hors de Flâneur',
  documents_avant_visite: 'Demande de documents avant toute visite',
};

/** The signals computed on a listing when it is published or changed (docs/decisions.md « Trust shield »). */
export const LISTING_SIGNALS = [
  'meme_bien_autre_compte',
  'photos_autre_compte',
  'republiee',
  'compte_recent_rafale',
  'coordonnees_partagees',
  'prix_sous_marche',
] as const;
export type ListingSignal = (typeof LISTING_SIGNALS)[number];

/** The French reason of each listing signal, as the moderation queue shows it (never its owner nor the public). */
export const LISTING_SIGNAL_LABELS: Record<ListingSignal, string> = {
  meme_bien_autre_compte: "Même adresse, surface et pièces qu'une annonce d'un autre compte",
  photos_autre_compte: "Photos déjà utilisées par une annonce d'un autre compte",
  republiee: 'Annonce retirée puis publiée à nouveau par le même compte',
  compte_recent_rafale: 'Compte de moins de 7 jours publiant de nombreuses annonces en peu de temps',
  coordonnees_partagees: 'Téléphone ou e-mail présent sur plusieurs comptes sans lien',
  prix_sous_marche: 'Prix au m² très inférieur aux ventes ou aux loyers du quartier',
};

/** The bounds of the listing signals. */
export const LISTING_SIGNAL_LIMITS = {
  /** Bits (of 64) two perceptual hashes may differ by and still be the same photo. */
  photoHammingMax: 8,
  /** A new account (MODERATION_LIMITS.newAccountDays) publishing more than this many listings… */
  burstListings: 5,
  /** …within this many hours. */
  burstHours: 24,
  /**
   * A price per m² at least this many percent under the market figure: the median of 5 comparable sales or more for
   * a sale, the commune's predicted rent for a rental (honest listings sit within the quartiles, ±15 % or so).
   */
  belowMarketPercent: 40,
} as const;

/** Limits of reports and moderation actions. */
export const MODERATION_LIMITS = {
  reportCommentMax: 1000,
  actionReasonMin: 5,
  actionReasonMax: 1000,
  contestMin: 10,
  contestMax: 2000,
  queueSize: 50,
  /**
   * An account younger than this many days is new: the tighter report budget, the burst-of-listings signal, the
   * warning before a dossier is sent to it.
   */
  newAccountDays: 7,
} as const;

/** The French texts of reports and moderation. */
export const MODERATION_MSG = {
  reportReasonInvalid: 'Choisissez un motif de signalement',
  reportTargetInvalid: 'Ce contenu ne peut pas être signalé',
  reportCommentTooLong: `Le commentaire doit faire au plus ${MODERATION_LIMITS.reportCommentMax} caractères`,
  reportDuplicate: 'Vous avez déjà signalé ce contenu : il sera examiné par notre équipe de modération.',
  reportOwnListing: 'Vous ne pouvez pas signaler votre propre annonce.',
  reportSelf: 'Vous ne pouvez pas signaler votre propre compte.',
  reportTargetNotFound: 'Contenu introuvable',
  reportReceived: 'Merci : votre signalement a été transmis à notre équipe de modération.',
  moderatorOnly: 'Réservé aux modérateurs.',
  moderationSessionOnly:
    "La modération se fait depuis une session ouverte dans le navigateur, jamais avec un jeton d'accès.",
  moderationOwnListing: 'Un modérateur ne peut pas agir sur sa propre annonce.',
  moderationSelf: 'Un modérateur ne peut pas agir sur son propre compte.',
  moderationActionInvalid: "Cette action ne s'applique pas à ce contenu",
  moderationReasonRequired: `Indiquez le motif de la décision (${MODERATION_LIMITS.actionReasonMin} caractères au moins)`,
  moderationReasonTooLong: `Le motif doit faire au plus ${MODERATION_LIMITS.actionReasonMax} caractères`,
  moderationTargetNotFound: 'Contenu introuvable',
  moderationActionNotFound: 'Décision de modération introuvable',
  contestTooShort: `Expliquez votre contestation (${MODERATION_LIMITS.contestMin} caractères au moins)`,
  contestTooLong: `La contestation doit faire au plus ${MODERATION_LIMITS.contestMax} caractères`,
  contestDuplicate: 'Vous avez déjà contesté cette décision : elle sera réexaminée.',
  contestNotYours: 'Seule la personne visée par la décision peut la contester.',
  accountSuspended:
    "Votre compte est suspendu par l'équipe de modération. Vous pouvez contester cette décision en écrivant au support.",
  listingHidden: 'Annonce masquée par la modération',
  scamWarning:
    "Ne versez jamais d'argent avant d'avoir visité le logement et rencontré le propriétaire ou son mandataire. Ne payez jamais par coupon (PCS, Transcash), mandat cash ou Western Union, et restez sur Flâneur pour échanger. En cas de doute, signalez la conversation.",
  documentsCaution:
    "Prudence avant d'envoyer votre dossier : ce compte a été créé il y a moins de 7 jours ou a fait l'objet d'un signalement. N'envoyez vos justificatifs qu'après avoir visité le logement et rencontré le propriétaire ou son mandataire.",
  suspendedCounterpartWarning:
    "Le compte de votre interlocuteur a été suspendu par l'équipe de modération. Ne lui versez aucune somme et ne lui envoyez aucun document.",
} as const;
