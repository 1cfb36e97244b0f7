import type { TSearchFilters } from '@flaneur/schema';

/*
 * The search criteria as SQL, written once: discovery's matching, the walks' near misses and tallies, and the listing
 * search build their predicates here. Each rule takes a column expression and a placeholder (`$n` or TypeORM's
 * `:name`; casts are written CAST(… AS …) so both work). Listing visibility is not a criterion: it stays in
 * lib/listing-visibility.ts.
 */

/** The open end of a price or size range (the largest numeric(10,2)). */
export const NO_LIMIT = 99_999_999.99;

/** In an accepted bedroom list, 5 means 5 or more. */
export const BEDROOMS_OR_MORE = 5;
/** In an accepted bathroom list, 4 means 4 or more. */
export const BATHROOMS_OR_MORE = 4;

/**
 * A count among the accepted ones (`list`, an int[]; empty: any count): the same count, or at least `orMore` when
 * the list holds `orMore` or more.
 */
const countAmong = (orMore: number) => (col: string, list: string) =>
  `(cardinality(CAST(${list} AS int[])) = 0 OR ${col} = ANY(CAST(${list} AS int[])) OR (${orMore} <= ANY(CAST(${list} AS int[])) AND ${col} >= ${orMore}))`;

/** Each criterion as a predicate: true when the listing's column passes it. */
export const criterionSql = {
  /** At least `min` (numeric). */
  atLeast: (col: string, min: string) => `${col} >= CAST(${min} AS numeric)`,
  /** At most `max` (numeric). */
  atMost: (col: string, max: string) => `${col} <= CAST(${max} AS numeric)`,
  /** At least `min` rooms (int). */
  roomsAtLeast: (col: string, min: string) => `${col} >= CAST(${min} AS int)`,
  /** 5 means 5 or more bedrooms. */
  bedrooms: countAmong(BEDROOMS_OR_MORE),
  /** 4 means 4 or more bathrooms. */
  bathrooms: countAmong(BATHROOMS_OR_MORE),
  /** Every feature of `list` (a text[]) is present. */
  features: (col: string, list: string) => `${col} @> CAST(${list} AS text[])`,
  /** An energy class no worse than `max`; a listing without an energy class passes. */
  energy: (col: string, max: string) => `(${col} IS NULL OR ${col} <= CAST(${max} AS dpe_rating))`,
};

/** The placeholders of saved criteria (a range's open end filled: 0, NO_LIMIT; any energy class: 'G'). */
export interface CriteriaParams {
  priceMin: string;
  priceMax: string;
  sizeMin: string;
  sizeMax: string;
  bedrooms: string;
  roomsMin: string;
  bathrooms: string;
  features: string;
  /** The worst energy class accepted ('G' when any). */
  energyMax: string;
}

/** Declares the saved criteria's values through `p` (which answers each value's placeholder). */
export function criteriaParams(p: (value: unknown) => string, f: TSearchFilters): CriteriaParams {
  return {
    priceMin: p(f.priceMin ?? 0),
    priceMax: p(f.priceMax ?? NO_LIMIT),
    sizeMin: p(f.sizeMin ?? 0),
    sizeMax: p(f.sizeMax ?? NO_LIMIT),
    bedrooms: p(f.bedrooms),
    roomsMin: p(f.roomsMin ?? 0),
    bathrooms: p(f.bathrooms),
    features: p(f.features),
    energyMax: p(f.energyMax ?? 'G'),
  };
}

/** The saved criteria on listing `a` (a table alias, snake_case columns), one predicate each (true: it passes). */
export function criteriaPredicates(a: string, c: CriteriaParams) {
  return {
    priceMin: criterionSql.atLeast(`${a}.price`, c.priceMin),
    priceMax: criterionSql.atMost(`${a}.price`, c.priceMax),
    sizeMin: criterionSql.atLeast(`${a}.size`, c.sizeMin),
    sizeMax: criterionSql.atMost(`${a}.size`, c.sizeMax),
    bedrooms: criterionSql.bedrooms(`${a}.bedrooms`, c.bedrooms),
    rooms: criterionSql.roomsAtLeast(`${a}.rooms`, c.roomsMin),
    bathrooms: criterionSql.bathrooms(`${a}.bathrooms`, c.bathrooms),
    features: criterionSql.features(`${a}.features`, c.features),
    energy: criterionSql.energy(`${a}.dpe_rating`, c.energyMax),
  };
}

/** Every saved criterion on listing `a`, joined by AND. */
export const criteriaWhere = (a: string, c: CriteriaParams, sep = '\n      AND ') =>
  Object.values(criteriaPredicates(a, c)).join(sep);
