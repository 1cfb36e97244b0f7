/**
 * The fields of a Poliris v4.1.x line (Annonces.csv) that Flâneur reads, by their 1-based position (docs/decisions.md
 * « Agency feeds »): the reader, the sample-feed writer of the tests and the demo seed all go through this one table.
 */
export const POLIRIS_FIELDS = {
  agencyId: 1,
  reference: 2,
  transaction: 3,
  propertyType: 4,
  postalCode: 5,
  city: 6,
  country: 7,
  address: 8,
  neighbourhood: 9,
  price: 11,
  rentWithCharges: 13,
  fees: 15,
  surface: 16,
  rooms: 18,
  bedrooms: 19,
  title: 20,
  description: 21,
  charges: 23,
  floor: 24,
  furnished: 26,
  bathrooms: 29,
  showerRooms: 30,
  balconies: 39,
  cellar: 42,
  parkings: 43,
  terrace: 48,
  negotiatorPhone: 105,
  negotiatorName: 106,
  negotiatorEmail: 107,
  deposit: 161,
  dpeClass: 176,
  dpeValue: 177,
  gesClass: 178,
  gesValue: 179,
  buyerPaysFees: 256,
  buyerFeesPercent: 257,
  coOwnership: 258,
  coOwnershipLots: 259,
  coOwnershipAnnualCharges: 260,
  coOwnershipProceedings: 261,
  latitude: 298,
  longitude: 299,
  chargesMode: 304,
  rentSupplement: 305,
  inventoryFees: 306,
  energyCostMin: 326,
  energyCostMax: 327,
  energyPricesYear: 328,
  baseRent: 331,
  referenceRentMajored: 332,
} as const;

/** A field name of POLIRIS_FIELDS. */
export type PolirisField = keyof typeof POLIRIS_FIELDS;

/** The photo fields, in order: photos 1–9 at 85–93, 10–20 at 164–174, 21–30 at 264–273. */
export const POLIRIS_PHOTO_POSITIONS: readonly number[] = [...range(85, 93), ...range(164, 174), ...range(264, 273)];

/** Fields of a v4.1.x line as agency software writes it. */
export const POLIRIS_FIELD_COUNT = 334;
/** A line with fewer fields cannot hold the energy cost fields (326–328): it is refused. */
export const POLIRIS_MIN_FIELDS = 328;

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
