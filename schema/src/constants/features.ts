/** One canonical feature vocabulary shared by listings and search filters: a listing's features and the criteria use the same words. */
export const FEATURES = [
  'elevator',
  'balcony',
  'cellar',
  'double_glazing',
  'central_heating',
  'equipped_kitchen',
  'parking',
  'garden',
  'terrace',
  'garage',
  'intercom',
  'fireplace',
  'pool',
] as const;
export type Feature = (typeof FEATURES)[number];

export const FEATURE_LABELS: Record<Feature, string> = {
  elevator: 'Ascenseur',
  balcony: 'Balcon',
  cellar: 'Cave',
  double_glazing: 'Double vitrage',
  central_heating: 'Chauffage central',
  equipped_kitchen: 'Cuisine équipée',
  parking: 'Parking',
  garden: 'Jardin',
  terrace: 'Terrasse',
  garage: 'Garage',
  intercom: 'Interphone',
  fireplace: 'Cheminée',
  pool: 'Piscine',
};

/** The add-property form offers the spec's twelve choices (no pool). */
export const LISTING_FORM_FEATURES: readonly Feature[] = FEATURES.filter((f) => f !== 'pool');

/** The search-filter chips are the spec's six. */
export const SEARCH_FILTER_FEATURES = ['balcony', 'terrace', 'parking', 'elevator', 'garden', 'pool'] as const;

const BY_LABEL = new Map<string, Feature>(
  Object.entries(FEATURE_LABELS).map(([key, label]) => [label.toLowerCase(), key as Feature]),
);

/** Maps a key or a French label (legacy REST input) to the canonical key, or undefined. */
export function toFeatureKey(value: string): Feature | undefined {
  if ((FEATURES as readonly string[]).includes(value)) return value as Feature;
  return BY_LABEL.get(value.trim().toLowerCase());
}
