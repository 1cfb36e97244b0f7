/** Enumerations of the domain, as const tuples usable by zod and TypeORM. */
export const PROPERTY_TYPES = ['apartment', 'house', 'villa'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  apartment: 'Appartement',
  house: 'Maison',
  villa: 'Villa',
};

export const DPE_RATINGS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type DpeRating = (typeof DPE_RATINGS)[number];
export const DPE_CAPTIONS: Partial<Record<DpeRating, string>> = { A: 'Très économe', G: 'Très énergivore' };

export const VISIT_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VisitRequestStatus = (typeof VISIT_REQUEST_STATUSES)[number];
/** The requester's answer to the visit slot the owner proposed (once, final). */
export const VISIT_SLOT_ANSWERS = ['confirmed', 'declined'] as const;
export type VisitSlotAnswer = (typeof VISIT_SLOT_ANSWERS)[number];

export const MESSAGE_TYPES = ['text', 'tenant_application'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/**
 * The profile screen's list. No bank_statement: French law (décret n° 2015-1437) forbids a landlord to ask for bank
 * statements.
 */
export const TENANT_FILE_TYPES = [
  'identity',
  'proof_of_address',
  'payslip',
  'tax_notice',
  'employment_contract',
  'rental_history',
  'guarantor',
  'other',
] as const;
export type TenantFileType = (typeof TENANT_FILE_TYPES)[number];
export const TENANT_FILE_TYPE_LABELS: Record<TenantFileType, string> = {
  identity: "Pièce d'identité",
  proof_of_address: 'Justificatif de domicile',
  payslip: 'Bulletin de salaire',
  tax_notice: "Avis d'imposition",
  employment_contract: 'Contrat de travail',
  rental_history: 'Quittances de loyer',
  guarantor: 'Garant',
  other: 'Autre',
};

export const PROPERTY_STATUS_FILTERS = ['all', 'sale', 'rent'] as const;
export type PropertyStatusFilter = (typeof PROPERTY_STATUS_FILTERS)[number];
export const PROPERTY_TYPE_FILTERS = ['all', ...PROPERTY_TYPES] as const;
export type PropertyTypeFilter = (typeof PROPERTY_TYPE_FILTERS)[number];

/** Climate class (GES) of the DPE: the same letters as the energy class. */
export const GES_RATINGS = DPE_RATINGS;
export type GesRating = DpeRating;
/** Energy classes whose home is « à consommation énergétique excessive » (CCH R126-25). */
export const EXCESSIVE_DPE_RATINGS: readonly DpeRating[] = ['F', 'G'];

/** How a rental's recoverable charges are settled: provision with yearly regularisation, or flat rate. */
export const CHARGES_MODES = ['provision', 'forfait'] as const;
export type ChargesMode = (typeof CHARGES_MODES)[number];

/** Who publishes the listing, as declared at publication (C. conso. L111-7). */
export const ADVERTISERS = ['private', 'professional'] as const;
export type Advertiser = (typeof ADVERTISERS)[number];
export const ADVERTISER_LABELS: Record<Advertiser, string> = { private: 'Particulier', professional: 'Professionnel' };

/** Who pays a professional's sale fees. */
export const FEES_PAID_BY = ['seller', 'buyer'] as const;
export type FeesPaidBy = (typeof FEES_PAID_BY)[number];
