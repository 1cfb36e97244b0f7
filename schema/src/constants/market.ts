/**
 * Market data (DVF sales, carte des loyers): the rules' numbers, written once (docs/decisions.md « Market data (DVF,
 * carte des loyers) »).
 */
export const MARKET_RULES = {
  /** A sale's €/m² outside this band is taken for a data error (a parking lot counted as a flat, a 1 m² surface). */
  pricePerM2Min: 250,
  pricePerM2Max: 30_000,
  /** Below this built surface (m²) the line is no dwelling a walker compares with (9 m² is the legal minimum). */
  surfaceMinM2: 9,
  /** Comparables: same type, rooms ± roomsDelta, surface ± surfaceShare, sold within the last `years`. */
  roomsDelta: 1,
  surfaceShare: 0.3,
  years: 3,
  /** Radii tried in turn (m) before the whole commune, until `minComparables` sales are found. */
  radiiM: [300, 600],
  minComparables: 5,
  /** Sales listed with the figures (the most recent first); the count and the medians use them all. */
  listedComparables: 30,
  /** `sales(near)`: the largest radius (m) and page size. */
  nearRadiusMaxM: 1000,
  pageMax: 100,
  pageDefault: 20,
  /** A listing's commune is the commune of the nearest stored sale within this distance (km). */
  communeSearchKm: 2,
  /**
   * The walk journal's « Dans les rues traversées » line: the sales within streetDistanceM of the walk's track (its
   * segments between precise fixes), sold within the last streetYears, with a median from streetMinSales sales.
   */
  streetDistanceM: 50,
  streetYears: 5,
  streetMinSales: 5,
} as const;

/** Kinds of dwellings in the market data: DVF « Appartement » and « Maison ». */
export const MARKET_TYPES = ['apartment', 'house'] as const;
export type MarketType = (typeof MARKET_TYPES)[number];

/** Where a listing's figure stands against the market. */
export const MARKET_POSITIONS = ['below', 'within', 'above'] as const;
export type MarketPosition = (typeof MARKET_POSITIONS)[number];

/** The French texts of the market data (sources, errors of the queries). */
export const MARKET_MSG = {
  dvfSource: 'DVF, DGFiP',
  rentsSource: 'Carte des loyers, ANIL',
  nearInvalid: 'Recherche de ventes invalide : attendu « latitude,longitude,rayon en m »',
  radiusInvalid: `Le rayon doit être compris entre 1 et ${MARKET_RULES.nearRadiusMaxM} m`,
  firstInvalid: `Le nombre de ventes demandé doit être compris entre 1 et ${MARKET_RULES.pageMax}`,
  sinceInvalid: 'Date de début invalide : attendu AAAA-MM-JJ',
  typeInvalid: 'Type de bien invalide : attendu « apartment » ou « house »',
  afterInvalid: 'Curseur de pagination invalide',
} as const;
