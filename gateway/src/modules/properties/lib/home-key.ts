/**
 * A text compared as its letters and digits only, lower case, accents removed (« 12, Rue de l'Église » =
 * « 12 rue de l'eglise »): decomposed (NFD) first, so that the accents become marks the pattern drops.
 */
export const keySql = (column: string) => `regexp_replace(lower(normalize(${column}, NFD)), '[^a-z0-9]+', '', 'g')`;

/**
 * The stored key of « the same home » (properties.home_key, a generated column with its index): postal code, rooms,
 * surface, sale or rental, city and address compared by keySql. Immutable pieces only, as a generated column needs
 * (the property type, an enum, and the floor are compared beside it: ../same-home.ts).
 */
export const HOME_KEY_SQL = [
  'postal_code',
  'rooms::text',
  'size::text',
  'is_rental::text',
  keySql('city'),
  keySql('address'),
].join(" || '|' || ");
