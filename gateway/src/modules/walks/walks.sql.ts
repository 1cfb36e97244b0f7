import { DISCOVERY_MAX_ACCURACY_M, type TSearchFilters } from '@flaneur/schema';
import { sqlParams } from '../../db/sql-params';
import { jobInsertSql } from '../../outbox/outbox';
import { KM_PER_DEGREE, PLANE_K, planePointSql, planePolygonLiteral } from '../../db/geo-sql';
import { criteriaParams, criteriaPredicates, criterionSql } from '../properties/criteria.sql';
import { listingPublicSql } from '../properties/lib/listing-visibility';

/*
 * The walk journal's SQL. Walks themselves are written by triggers on user_locations (migration WalkJournal); here
 * are the reads: a page of walks with their discovery counts, their traces, their discoveries, their near misses,
 * and the end-of-walk sweep. Each batch of walks is read in one statement.
 */

/** A walk ends this many minutes after its last fix; a longer gap between two fixes starts a new walk. */
export const WALK_GAP_MIN = 15;
/** At most this many near misses per walk, nearest first. */
export const WALK_NEAR_MISSES_MAX = 5;
/** A walk whose end the sweep notices later than this (minutes) gets no digest (fixes sent long after the walk). */
export const WALK_DIGEST_MAX_DELAY_MIN = 60;
/** The outbox kind of the end-of-walk digest. */
export const WALK_DIGEST_JOB = 'walk.digest';

/** Near misses: price up to 10 % over the maximum, one bedroom short, size up to 10 % under the minimum. */
export const NEAR_MISS = { priceOverMaxPct: 10, sizeUnderMinPct: 10, bedroomsShort: 1 } as const;

export const NEAR_MISS_CRITERIA = ['price', 'bedrooms', 'size'] as const;
export type NearMissCriterion = (typeof NEAR_MISS_CRITERIA)[number];

const GAP = `make_interval(mins => ${WALK_GAP_MIN})`;

/**
 * The discoveries of walk `w` (alias): the user's entries discovered walking (not a mere opening, a panel scan or a
 * simulation) from the walk's first fix to its end.
 */
export const walkDiscoveriesWhere = (w: string, h: string) =>
  `${h}.user_id = ${w}.user_id AND ${h}.latitude IS NOT NULL AND ${h}.source = 'walk'
    AND ${h}.discovered_at >= ${w}.started_at AND ${h}.discovered_at <= ${w}.last_fix_at + ${GAP}`;

/** The columns of a walk as read (figures, times, the discovery count). */
export const walkColumnsSql = (w: string) => `${w}.id, ${w}.user_id AS "userId", ${w}.started_at AS "startedAt",
  ${w}.last_fix_at AS "lastFixAt",
  CASE WHEN ${w}.last_fix_at + ${GAP} <= now() THEN ${w}.last_fix_at + ${GAP} END AS "endedAt",
  ${w}.distance_m AS "distanceM",
  (SELECT count(*) FROM history_entries h WHERE ${walkDiscoveriesWhere(w, 'h')})::int AS "discoveryCount"`;

/** The fixes of the walks (by id, of one user) while they are kept, in time order. */
export const walkPathSql = (user: string, ids: string) => `SELECT w.id AS walk_id, l.latitude, l.longitude, l.accuracy,
  l."timestamp"
FROM walks w JOIN user_locations l
  ON l.user_id = w.user_id AND l."timestamp" >= w.started_at AND l."timestamp" <= w.last_fix_at
WHERE w.user_id = ${user} AND w.id = ANY(${ids}::int[])
ORDER BY w.id, l."timestamp", l.id`;

/** The entries discovered during the walks (by id, of one user), in discovery order. */
export const walkDiscoveriesSql = (user: string, ids: string) => `SELECT w.id AS walk_id, h.id AS entry_id
FROM walks w JOIN history_entries h ON ${walkDiscoveriesWhere('w', 'h')}
WHERE w.user_id = ${user} AND w.id = ANY(${ids}::int[])
ORDER BY w.id, h.discovered_at, h.id`;

/** Why a listing is left out by the saved criteria; the first two pairs split a bound's two sides. */
export const WALK_CRITERIA = [
  'status',
  'type',
  'priceOver',
  'priceUnder',
  'sizeUnder',
  'sizeOver',
  'bedrooms',
  'rooms',
  'bathrooms',
  'features',
  'zone',
  'energy',
] as const;
export type WalkCriterion = (typeof WALK_CRITERIA)[number];

/**
 * The saved criteria as one SQL test per criterion on listing `p` (true: the criterion leaves the listing out), with
 * their parameters, the user's placeholder and the walks' placeholder: the one writing of the criteria the walk
 * journal's reads share (near misses, what a walk passed).
 */
function walkCriteria(
  userId: number | null,
  where: { walkIds: number[] } | { latitude: number; longitude: number },
  f: TSearchFilters,
) {
  const { p, values } = sqlParams();
  // A visitor's read declares no user parameter (an unused one has no type for PostgreSQL).
  const user = userId === null ? 'NULL' : p(userId);
  const radiusKm = p(f.radius);
  const criteria = criteriaParams(p, f);
  const pass = criteriaPredicates('p', criteria);
  const rental = f.propertyStatus === 'sale' ? 'false' : f.propertyStatus === 'rent' ? 'true' : null;
  const type = f.propertyType === 'all' ? null : p(f.propertyType);
  const zone = f.zone ? p(planePolygonLiteral(f.zone)) : null;
  const at = planePointSql('p');
  const bedroomsMatch = (n: string) => criterionSql.bedrooms(n, criteria.bedrooms);
  const miss: Record<WalkCriterion, string> = {
    status: rental === null ? 'false' : `p.is_rental <> ${rental}`,
    type: type === null ? 'false' : `p.type <> ${type}::property_type`,
    priceOver: `NOT (${pass.priceMax})`,
    priceUnder: `NOT (${pass.priceMin})`,
    sizeUnder: `NOT (${pass.sizeMin})`,
    sizeOver: `NOT (${pass.sizeMax})`,
    bedrooms: `NOT ${pass.bedrooms}`,
    rooms: `NOT (${pass.rooms})`,
    bathrooms: `NOT ${pass.bathrooms}`,
    features: `NOT (${pass.features})`,
    zone: zone === null ? 'false' : `NOT (${at} <@ CAST(${zone} AS polygon))`,
    energy: `NOT ${pass.energy}`,
  };
  // The walks' precise fixes, or one point (walk_id 0) for a place looked at; the box around each holding its saved
  // radius (ctes fx, bx).
  const fixes =
    'walkIds' in where
      ? `SELECT DISTINCT w.id AS walk_id, l.latitude::float8 AS lat, l.longitude::float8 AS lng
  FROM walks w JOIN user_locations l
    ON l.user_id = w.user_id AND l."timestamp" >= w.started_at AND l."timestamp" <= w.last_fix_at
  WHERE w.user_id = ${user}::int AND w.id = ANY(${p(where.walkIds)}::int[]) AND l.accuracy <= ${DISCOVERY_MAX_ACCURACY_M}`
      : `SELECT 0 AS walk_id, ${p(where.latitude)}::float8 AS lat, ${p(where.longitude)}::float8 AS lng`;
  const fixesCte = `fx AS (
  ${fixes}
), bx AS (
  SELECT fx.*, d.dlat, least(180, d.dlat / cos(radians(least(89.9, abs(fx.lat) + d.dlat)))) AS dlng
  FROM fx CROSS JOIN (SELECT ${radiusKm}::float8 / ${KM_PER_DEGREE} * 1.001 AS dlat) d
)`;
  /** Listing `p` within the saved radius of fix `b`, on its box first. */
  const withinRadius = `${at} <@ box(point((b.lng - b.dlng) * ${PLANE_K}, b.lat - b.dlat), point((b.lng + b.dlng) * ${PLANE_K}, b.lat + b.dlat))
    AND walk_distance_m(b.lat, b.lng, p.latitude::float8, p.longitude::float8) <= ${radiusKm}::float8 * 1000`;
  // A visitor (no user) owns nothing: NULL IS DISTINCT FROM NULL would leave out every listing without an owner.
  const notOwn = userId === null ? 'true' : `p.owner_id IS DISTINCT FROM ${user}::int`;
  const notDiscovered = `NOT EXISTS (SELECT 1 FROM history_entries h WHERE h.user_id = ${user}::int AND h.property_id = p.id)`;
  const { priceMax, sizeMin } = criteria;
  return { p, values, miss, fixesCte, withinRadius, notOwn, notDiscovered, priceMax, sizeMin, bedroomsMatch };
}

/**
 * The near misses of the walks (by id, of one user) in one statement: listings within the saved radius of one of
 * the walk's precise fixes (as discovery matches them) that fail exactly one criterion by a small margin, every other
 * saved criterion matching; not the user's own listings nor listings already in their Découvertes. At most
 * WALK_NEAR_MISSES_MAX per walk, nearest first. Comparisons are exact in numeric: price × 10 ≤ max × 11,
 * size × 10 ≥ min × 9.
 */
export function nearMissesStatement(userId: number, walkIds: number[], f: TSearchFilters) {
  const c = walkCriteria(userId, { walkIds }, f);
  const { miss } = c;
  const hard = [
    ...(['status', 'type', 'priceUnder', 'sizeOver', 'rooms', 'bathrooms', 'features', 'zone', 'energy'] as const)
      .filter((k) => miss[k] !== 'false')
      .map((k) => `NOT (${miss[k]})`),
    c.notOwn,
    c.notDiscovered,
    listingPublicSql('p'),
  ];
  const text = `WITH ${c.fixesCte}, c AS (
  SELECT b.walk_id, p.id, min(walk_distance_m(b.lat, b.lng, p.latitude::float8, p.longitude::float8)) AS m
  FROM bx b JOIN properties p
    ON ${c.withinRadius}
  WHERE ${hard.join('\n    AND ')}
  GROUP BY b.walk_id, p.id
), k AS (
  SELECT c.walk_id, c.id, c.m,
    NOT (${miss.priceOver}) AS price_ok,
    p.price * 10 <= ${c.priceMax}::numeric * ${10 + NEAR_MISS.priceOverMaxPct / 10} AS price_near,
    NOT (${miss.sizeUnder}) AS size_ok,
    p.size * 10 >= ${c.sizeMin}::numeric * ${10 - NEAR_MISS.sizeUnderMinPct / 10} AS size_near,
    ${c.bedroomsMatch('p.bedrooms')} AS bed_ok,
    ${c.bedroomsMatch(`p.bedrooms + ${NEAR_MISS.bedroomsShort}`)} AS bed_near
  FROM c JOIN properties p ON p.id = c.id
), n AS (
  SELECT walk_id, id, m, CASE
      WHEN NOT price_ok AND price_near AND size_ok AND bed_ok THEN 'price'
      WHEN price_ok AND NOT size_ok AND size_near AND bed_ok THEN 'size'
      WHEN price_ok AND size_ok AND NOT bed_ok AND bed_near THEN 'bedrooms'
    END AS missed
  FROM k
)
SELECT walk_id, id AS property_id, m AS distance_m, missed FROM (
  SELECT n.*, row_number() OVER (PARTITION BY walk_id ORDER BY m, id) AS rank FROM n WHERE missed IS NOT NULL
) r WHERE rank <= ${WALK_NEAR_MISSES_MAX}
ORDER BY walk_id, m, id`;
  return { text, values: c.values };
}

/**
 * What the walks (by id, of one user) passed, in one statement: their fixes, the listings within the saved radius of
 * one of their precise fixes (not the user's own), how many of them match every saved criterion (discovered, or
 * already in Découvertes), and for each criterion how many it leaves out (a listing may fail several; one of another
 * status or type counts only there).
 */
export function walkPassedStatement(userId: number, walkIds: number[], f: TSearchFilters) {
  const c = walkCriteria(userId, { walkIds }, f);
  const user = c.p(userId);
  const ids = c.p(walkIds);
  const text = `WITH ${tallyCtes(c)}
SELECT w.id AS walk_id,
  (SELECT count(*) FROM user_locations l
    WHERE l.user_id = w.user_id AND l."timestamp" >= w.started_at AND l."timestamp" <= w.last_fix_at)::int AS positions,
  s.*
FROM walks w LEFT JOIN s ON s.walk_id = w.id
WHERE w.user_id = ${user} AND w.id = ANY(${ids}::int[])`;
  return { text, values: c.values };
}

/**
 * The same tally around one point (the Explorer's place) within the radius of `f`, for the viewer or a visitor
 * (`userId` null: no listing is their own): one row, or none when nothing lies within the radius.
 */
export function aroundPassedStatement(
  userId: number | null,
  at: { latitude: number; longitude: number },
  f: TSearchFilters,
) {
  const c = walkCriteria(userId, at, f);
  return { text: `WITH ${tallyCtes(c)}\nSELECT s.* FROM s`, values: c.values };
}

/** The ctes c (listings within the radius), k (their criteria) and s (the tally per walk) of a passed read. */
function tallyCtes(c: ReturnType<typeof walkCriteria>): string {
  const flags = WALK_CRITERIA.map((k) => `(${c.miss[k]}) AS "${k}"`).join(',\n    ');
  // A listing of another status or type counts only there: a sale is « not for rent », not « over the rent budget ».
  const kind = (k: WalkCriterion) => (k === 'status' || k === 'type' ? '' : ' AND NOT k.status AND NOT k.type');
  const counts = WALK_CRITERIA.map((k) => `count(*) FILTER (WHERE k."${k}"${kind(k)})::int AS "${k}"`).join(',\n    ');
  const none = WALK_CRITERIA.map((k) => `k."${k}"`).join(' OR ');
  return `${c.fixesCte}, c AS (
  SELECT DISTINCT b.walk_id, p.id FROM bx b JOIN properties p ON ${c.withinRadius}
  WHERE ${c.notOwn} AND ${listingPublicSql('p')}
), k AS (
  SELECT c.walk_id, c.id,
    ${flags}
  FROM c JOIN properties p ON p.id = c.id
), s AS (
  SELECT k.walk_id, count(*)::int AS passed, count(*) FILTER (WHERE NOT (${none}))::int AS matching,
    ${counts}
  FROM k GROUP BY k.walk_id
)`;
}

/**
 * The end-of-walk sweep, one statement: marks up to `limit` walks ended and not yet handled (SKIP LOCKED: instances
 * never take the same one), and queues one WALK_DIGEST_JOB for those with discoveries whose end is recent.
 */
export function sweepStatement(queue: string, limit: number) {
  const { p, values } = sqlParams();
  const text = `WITH due AS (
  SELECT id FROM walks WHERE digest_queued_at IS NULL AND last_fix_at <= now() - ${GAP}
  ORDER BY last_fix_at LIMIT ${Math.trunc(limit)} FOR UPDATE SKIP LOCKED
), marked AS (
  UPDATE walks w SET digest_queued_at = now() FROM due WHERE w.id = due.id
  RETURNING w.id, w.user_id, w.started_at, w.last_fix_at
), jobs AS (
  ${jobInsertSql(
    WALK_DIGEST_JOB,
    { queue: p(queue), payload: `jsonb_build_object('walkId', m.id)` },
    `FROM marked m
  WHERE m.last_fix_at + ${GAP} >= now() - make_interval(mins => ${WALK_DIGEST_MAX_DELAY_MIN})
    AND EXISTS (SELECT 1 FROM history_entries h WHERE ${walkDiscoveriesWhere('m', 'h')})`,
  )}
)
SELECT (SELECT count(*) FROM marked)::int AS handled, (SELECT count(*) FROM jobs)::int AS queued`;
  return { text, values };
}
