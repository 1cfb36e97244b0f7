/**
 * Publication state of a listing: published (public and discoverable), draft (seen by its owner only, with the
 * French reason it is not public) or withdrawn (no longer listed nor discoverable; its page still opens, marked
 * « Annonce retirée », and it stays in favourites, conversations and price history).
 */
export const LISTING_STATES = ['published', 'draft', 'withdrawn'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

/** The French labels and texts of the listing state and of professional advertisers. */
export const LISTING_MSG = {
  stateLabel_published: 'Publiée',
  stateLabel_draft: 'Brouillon',
  stateLabel_withdrawn: 'Annonce retirée',
  withdrawnNotice: "Cette annonce a été retirée par l'annonceur : le bien n'est plus proposé.",
  draftNotice: "Brouillon : cette annonce n'est visible que par vous.",
  professional: 'Professionnel',
  professionalCard: 'Carte professionnelle',
  siren: 'SIREN',
  agencyNameInvalid: "Le nom de l'agence doit faire au plus 150 caractères",
  sirenInvalid: 'Le SIREN doit compter 9 chiffres avec une clé de contrôle valide',
  professionalCardInvalid: 'Le numéro de carte professionnelle est invalide (ex. CPI 7501 2024 000 000 123)',
  agencyReferenceInvalid: "La référence de l'agence doit faire au plus 60 caractères",
} as const;
