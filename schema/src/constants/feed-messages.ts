/** Status of an agency feed import. */
export const FEED_IMPORT_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type FeedImportStatus = (typeof FEED_IMPORT_STATUSES)[number];

/** The French label of each status, as the report shows it. */
export const FEED_IMPORT_STATUS_LABELS: Record<FeedImportStatus, string> = {
  pending: 'en attente',
  running: 'en cours',
  done: 'terminé',
  failed: 'échoué',
};

/** Limits of an uploaded feed: the ZIP, what it may unpack to, its lines. */
export const FEED_LIMITS = {
  zipMaxBytes: 100 * 1024 * 1024,
  unpackedMaxBytes: 1024 * 1024 * 1024,
  /** Above this ratio of unpacked to packed bytes, an entry is treated as a ZIP bomb. */
  maxRatio: 100,
  csvMaxBytes: 100 * 1024 * 1024,
  lineMaxBytes: 64 * 1024,
  maxLines: 20_000,
  photosPerListing: 15,
  /** A photo given by its URL: at most the size of an uploaded photo, fetched within this time. */
  photoUrlTimeoutMs: 20_000,
} as const;

/** The French texts of the agency feeds (report lines, errors, the « Flux d'annonces » screen). */
export const FEED_MSG = {
  title: "Flux d'annonces",
  intro:
    "Déposez l'export Poliris de votre logiciel (un ZIP avec Annonces.csv et les photos) : chaque ligne crée ou met à jour l'annonce de même référence, les annonces absentes du flux sont retirées.",
  upload: 'Importer le flux',
  refresh: 'Actualiser',
  downloadCsv: 'Télécharger le rapport (CSV)',
  noImport: "Aucun import pour l'instant.",
  created: 'créées',
  updated: 'mises à jour',
  unchanged: 'inchangées',
  withdrawn: 'retirées',
  refused: 'refusées',
  drafts: 'en brouillon',
  reportLine: 'Ligne',
  reportReference: 'Référence',
  reportField: 'Champ',
  reportReason: 'Motif',
  notAgency: "Seul un compte professionnel (nom d'agence et SIREN renseignés dans le profil) peut importer un flux.",
  importRunning: "Un import de cette agence est déjà en cours : attendez sa fin avant d'en envoyer un autre.",
  importNotFound: 'Import non trouvé',
  noFeedFile: 'Joignez le fichier ZIP du flux dans le champ « feed ».',
  notZip: "Le fichier n'est pas une archive ZIP lisible.",
  zipTooLarge: 'Le fichier dépasse la taille maximale autorisée (100 Mo).',
  zipBomb: "L'archive se décompresse en un volume anormal (archive piégée) : import refusé.",
  pathEscape: "L'archive contient un chemin qui sort du dossier ({name}) : import refusé.",
  noCsv: "L'archive ne contient pas de fichier Annonces.csv.",
  csvUnreadable: 'Annonces.csv est illisible : {reason}',
  badEncoding: "Annonces.csv n'est ni en UTF-8 ni en ISO-8859-1 lisible.",
  tooFewFields: 'La ligne compte {count} champs, il en faut au moins {min}.',
  referenceMissing: "La référence de l'annonce (champ 2) est vide.",
  duplicateReference: 'La référence {reference} apparaît déjà à la ligne {line} : ligne ignorée.',
  typeUnknown: 'Type de bien inconnu « {value} » (appartement, maison ou villa attendus).',
  transactionUnknown: 'Type de transaction inconnu « {value} » (vente ou location attendues).',
  notNumeric: 'Valeur non numérique « {value} ».',
  placeUnknown: "Le bien n'a pas pu être placé : coordonnées absentes et adresse introuvable.",
  photoMissing: "La photo {name} n'est pas dans l'archive.",
  photoNotImage: "La photo {name} n'est pas une image lisible : ignorée.",
  photoUrlRefused: 'La photo {name} a une adresse refusée (une adresse web publique est attendue) : ignorée.',
  photoUrlFailed: "La photo {name} n'a pas pu être téléchargée ({reason}) : ignorée.",
  draftReason: 'Brouillon : {reason}',
  withdrawnAbsent: 'Annonce absente du flux : retirée.',
  lineInvalid: 'Ligne refusée : {reason}',
  internalError: "Erreur inattendue pendant l'import de cette ligne : réessayez.",
  importFailed: "L'import a échoué : {reason}",
  sourceTitle: 'Récupération chaque nuit',
  sourceIntro:
    "Ou indiquez l'adresse HTTPS où votre logiciel dépose cet export : Flâneur la récupère chaque nuit vers 4 h et l'importe de la même façon. Vous êtes prévenu par e-mail si un import échoue ou refuse des lignes.",
  sourceUrlLabel: 'Adresse du flux (HTTPS)',
  sourceSave: "Enregistrer l'adresse",
  sourceRemove: 'Ne plus récupérer',
  sourceFetchNow: 'Récupérer maintenant',
  refreshHint: "L'import commence dans un instant : son avancement s'affiche dans la liste des imports.",
  sourceNext: 'Prochaine récupération : {date}',
  sourceLastError: 'Dernière récupération échouée : {reason}',
  sourceUrlInvalid:
    "L'adresse du flux doit être une URL HTTPS publique, sans identifiant ni mot de passe (2 048 caractères au plus).",
  sourceNotFound: "Aucune adresse de flux n'est enregistrée.",
  fetchRedirect: "L'adresse du flux répond par une redirection ({status}) : les redirections ne sont pas suivies.",
  fetchStatus: "L'adresse du flux a répondu {status} au lieu de 200.",
  fetchTooLarge: 'Le fichier du flux dépasse la taille maximale autorisée (100 Mo).',
  fetchTimeout: "L'adresse du flux n'a pas répondu dans le temps imparti (2 minutes).",
  fetchAddress: "L'adresse du flux mène à une adresse non publique : refusée.",
  fetchNetwork: "L'adresse du flux est injoignable.",
  mailFailedSubject: "Flâneur — l'import de votre flux d'annonces a échoué",
  mailRefusedSubject: "Flâneur — des lignes de votre flux d'annonces ont été refusées",
  mailFailedBody:
    "L'import automatique de votre flux d'annonces a échoué : {reason}\nVos annonces publiées n'ont pas changé.",
  mailRefusedBody:
    "L'import automatique de votre flux d'annonces est terminé (annonces créées : {created}, mises à jour : {updated}, retirées : {withdrawn} ; lignes refusées : {refused}).\nLe rapport ligne par ligne indique pourquoi.",
  mailReportLink: 'Voir le rapport : {link}',
} as const;

/** `{name}` placeholders of a FEED_MSG text replaced by the values. */
export function feedText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

/** Why a photo given by its URL could not be fetched, as its report line says it. */
export const FEED_PHOTO_FETCH_REASONS = {
  redirect: 'redirection non suivie',
  status: 'réponse {status} au lieu de 200',
  tooLarge: 'plus de 10 Mo',
  timeout: 'pas de réponse en 20 secondes',
  address: 'adresse non publique',
  network: 'adresse injoignable',
} as const;
