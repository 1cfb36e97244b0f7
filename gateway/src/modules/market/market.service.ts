import {
  MARKET_MSG,
  MARKET_RULES,
  ZSalesQuery,
  type MarketPosition,
  type MarketType,
  type PropertyType,
} from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import { distanceKmSql, PLANE_K, planeBoxAround, planePointSql } from '../../db/geo-sql';
import { AppError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import type { User } from '../users/user.entity';
import type { PropertiesService } from '../properties/properties.service';
import type { Property } from '../properties/property.entity';
import { pricePerM2Quantile, salesDataUntil, yearsAgo } from './market-figures';
import { salesAlong, type StreetSalesView, type TrackPoint } from './street-sales';
import type { MarketComparables, MarketRentEstimate, PropertyMarket, SaleView } from './market.types';

/** A listing's type in the market data: a villa is a house (DVF « Maison »). */
const MARKET_TYPE: Record<PropertyType, MarketType> = { apartment: 'apartment', house: 'house', villa: 'house' };

/** The columns of a sale as the queries answer it (alias `s`). */
const SALE_COLUMNS = `s.id_mutation AS "idMutation", s.date_mutation::text AS "dateMutation", s.type, s.off_plan AS "offPlan",
  s.rooms, s.surface::float8 AS surface, s.price::float8 AS price, s.price_per_m2::float8 AS "pricePerM2", s.street,
  s.postal_code AS "postalCode", s.code_commune AS "codeCommune", s.commune, s.latitude::float8 AS latitude,
  s.longitude::float8 AS longitude`;

type SaleRow = SaleView & { idMutation: string };
/** A sale's public facts, field by field (nothing of the row's bookkeeping). */
const view = (s: SaleRow): SaleView => ({
  dateMutation: s.dateMutation,
  type: s.type,
  offPlan: s.offPlan,
  rooms: s.rooms,
  surface: s.surface,
  price: s.price,
  pricePerM2: s.pricePerM2,
  street: s.street,
  postalCode: s.postalCode,
  codeCommune: s.codeCommune,
  commune: s.commune,
  latitude: s.latitude,
  longitude: s.longitude,
});
const newestFirst = (a: SaleRow, b: SaleRow) =>
  a.dateMutation !== b.dateMutation
    ? a.dateMutation < b.dateMutation
      ? 1
      : -1
    : a.idMutation < b.idMutation
      ? 1
      : a.idMutation > b.idMutation
        ? -1
        : 0;

/** Opaque cursors of `sales(near)`: the last sale's day and id (the order's tie-breaker). */
const encodeSaleCursor = (s: SaleRow) => Buffer.from(`s:${s.dateMutation}:${s.idMutation}`).toString('base64url');
function decodeSaleCursor(cursor: string): { date: string; id: string } {
  // A forged cursor must not reach PostgreSQL with an impossible day or odd bytes: it is just not a cursor.
  const m = /^s:(\d{4}-\d{2}-\d{2}):([\w.-]{1,40})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m || !isCalendarDay(m[1])) throw new AppError('BAD_USER_INPUT', MARKET_MSG.afterInvalid);
  return { date: m[1], id: m[2] };
}

/** Whether "AAAA-MM-JJ" is a real day (2024-02-30 is not). */
function isCalendarDay(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Where a figure stands against a range. */
const positionOf = (value: number, low: number, high: number): MarketPosition =>
  value < low ? 'below' : value > high ? 'above' : 'within';

/** A figure against a reference, in whole percent (+6: 6 % above). */
const percentFrom = (value: number, reference: number) => Math.round((value / reference - 1) * 100);

/**
 * The position a card may show: a sale's against its comparables (null when they are too few), a rental's against
 * its commune's market rent (null when the commune is unknown).
 */
export const solidPosition = (m: PropertyMarket): MarketPosition | null =>
  m.sales ? m.sales.position : (m.rent?.position ?? null);

/** A listing as the comparables read it. */
interface Subject {
  i: number;
  lat: number;
  lng: number;
  type: MarketType;
  rooms: number;
  size: number;
}

/**
 * The market data's queries (docs/decisions.md « Market data (DVF, carte des loyers) »): sales around a point, and a
 * listing's comparables and market rent. The rules live here once; resolvers and REST handlers call them.
 */
export class MarketService {
  constructor(private readonly deps: { db: DataSource; properties: PropertiesService }) {}

  /** Sales within radiusM of a point, the most recent first, a page at a time. */
  async salesNear(input: unknown): Promise<{ nodes: SaleView[]; endCursor: string | null; hasNextPage: boolean }> {
    const q = validate(ZSalesQuery, input ?? {});
    const after = q.after ? decodeSaleCursor(q.after) : null;
    const { latitude: lat, longitude: lng, radiusM } = q.near;
    const box = planeBoxAround({ lat, lng, radiusKm: radiusM / 1000 });
    const params: unknown[] = [box.minX, box.minY, box.maxX, box.maxY, lat, lng, radiusM / 1000];
    const where = [
      `${planePointSql('s')} <@ box(point($1::float8, $2::float8), point($3::float8, $4::float8))`,
      `${distanceKmSql('s', { lat: '$5::float8', lng: '$6::float8' })} <= $7::float8`,
    ];
    if (q.since) where.push(`s.date_mutation >= $${params.push(q.since)}::date`);
    if (q.type) where.push(`s.type = $${params.push(q.type)}`);
    if (after) {
      const d = params.push(after.date);
      const id = params.push(after.id);
      where.push(`(s.date_mutation, s.id_mutation) < ($${d}::date, $${id}::text)`);
    }
    const rows = (await this.deps.db.query(
      `SELECT ${SALE_COLUMNS} FROM market_sales s WHERE ${where.join(' AND ')}
       ORDER BY s.date_mutation DESC, s.id_mutation DESC LIMIT $${params.push(q.first + 1)}`,
      params,
    )) as SaleRow[];
    const page = rows.slice(0, q.first);
    return {
      nodes: page.map(view),
      hasNextPage: rows.length > q.first,
      endCursor: page.length > 0 ? encodeSaleCursor(page[page.length - 1]) : null,
    };
  }

  /**
   * The sales along each track (a walk's precise fixes), in order, in one statement: the walk journal's « Dans les
   * rues traversées » line; null for an empty track.
   */
  salesAlong(tracks: readonly (readonly TrackPoint[])[]): Promise<(StreetSalesView | null)[]> {
    return salesAlong(this.deps.db, tracks);
  }

  /** The REST query `near=lat,lng,m&since=&type=&first=&after=` as the `sales` input. */
  salesQueryOf(query: Record<string, unknown>) {
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
    const near = text(query.near);
    const parts = near?.split(',').map((p) => (p.trim() === '' ? NaN : Number(p)));
    if (!parts || parts.length !== 3 || parts.some((n) => !Number.isFinite(n)))
      throw new AppError('BAD_USER_INPUT', MARKET_MSG.nearInvalid, { fields: { near: MARKET_MSG.nearInvalid } });
    const first = text(query.first);
    return {
      near: { latitude: parts[0], longitude: parts[1], radiusM: parts[2] },
      since: text(query.since),
      type: text(query.type),
      first: first === undefined ? undefined : /^\d{1,4}$/.test(first) ? Number(first) : first,
      after: text(query.after),
    };
  }

  /** The market of one listing the viewer may open (NOT_FOUND exactly when the listing itself is). */
  async forListing(viewer: User | null, id: unknown): Promise<PropertyMarket> {
    const property = await this.deps.properties.get(id, { viewer });
    return (await this.markets([property]))[0];
  }

  /**
   * The market of each listing, in order, in a few statements whatever their number: the comparables of the sales,
   * the commune's market rent of the rentals.
   */
  async markets(properties: readonly Property[]): Promise<PropertyMarket[]> {
    const subjects = properties.map((p, i): Subject => ({
      i,
      lat: Number(p.latitude),
      lng: Number(p.longitude),
      type: MARKET_TYPE[p.type] ?? 'apartment',
      rooms: p.rooms,
      size: Number(p.size),
    }));
    const forSale = subjects.filter((s) => !properties[s.i].isRental && s.size > 0);
    const rentals = subjects.filter((s) => properties[s.i].isRental && s.size > 0);
    const [comparables, rents] = await Promise.all([this.comparables(forSale), this.rents(rentals)]);
    return properties.map((p, i) => {
      const size = Number(p.size);
      const price = Number(p.price);
      const found = comparables.get(i);
      const rent = rents.get(i);
      return {
        sales: found ? this.figures(found, Math.round((price / size) * 100) / 100) : null,
        rent: rent ? this.rentFigures(rent, Math.round((price / size) * 100) / 100) : null,
      };
    });
  }

  /** The median, quartiles and position of a listing's comparables, or the flag that they are too few. */
  private figures(found: Found, pricePerM2: number): MarketComparables {
    const values = found.sales.map((s) => s.pricePerM2).sort((a, b) => a - b);
    const enough = values.length >= MARKET_RULES.minComparables;
    const [median, p25, p75] = enough ? [0.5, 0.25, 0.75].map((p) => pricePerM2Quantile(values, p)) : [null];
    return {
      enough,
      count: values.length,
      radiusM: found.radiusM,
      commune: found.commune,
      since: found.since,
      pricePerM2,
      medianPricePerM2: median ?? null,
      p25PricePerM2: p25 ?? null,
      p75PricePerM2: p75 ?? null,
      differencePercent: enough ? percentFrom(pricePerM2, median!) : null,
      position: enough ? positionOf(pricePerM2, p25!, p75!) : null,
      sales: [...found.sales].sort(newestFirst).slice(0, MARKET_RULES.listedComparables).map(view),
      source: MARKET_MSG.dvfSource,
      dataUntil: found.dataUntil,
    };
  }

  private rentFigures(r: RentRow, rentPerM2: number): MarketRentEstimate {
    return {
      commune: r.commune,
      year: r.year,
      predictedPerM2: r.predicted,
      lowerPerM2: r.lower,
      upperPerM2: r.upper,
      rentPerM2,
      differencePercent: percentFrom(rentPerM2, r.predicted),
      position: positionOf(rentPerM2, r.lower, r.upper),
      source: MARKET_MSG.rentsSource,
    };
  }

  /** The subjects as unnest parameters: index, position, type, rooms, surface band. */
  private subjectParams(list: Subject[]) {
    return [
      list.map((s) => s.i),
      list.map((s) => s.lat),
      list.map((s) => s.lng),
      list.map((s) => s.type),
      list.map((s) => s.rooms),
      list.map((s) => s.size * (1 - MARKET_RULES.surfaceShare)),
      list.map((s) => s.size * (1 + MARKET_RULES.surfaceShare)),
    ];
  }

  /** The criteria of a comparable sale of listing `l` (type, rooms ± 1, surface band, period). */
  private static readonly CRITERIA = `s.type = l.type AND s.rooms BETWEEN l.rooms - ${MARKET_RULES.roomsDelta} AND l.rooms + ${MARKET_RULES.roomsDelta}
    AND s.surface BETWEEN l.smin AND l.smax AND s.date_mutation >= $8::date`;

  private static readonly SUBJECTS = `unnest($1::int[], $2::float8[], $3::float8[], $4::text[], $5::int[], $6::float8[], $7::float8[])
    AS l(i, lat, lng, type, rooms, smin, smax)`;

  /**
   * The comparables of each listing for sale: within 300 m, else 600 m (one statement over the widest radius), else
   * the commune of the nearest stored sale (one more statement for those still short).
   */
  private async comparables(list: Subject[]): Promise<Map<number, Found>> {
    const out = new Map<number, Found>();
    if (list.length === 0) return out;
    const since = yearsAgo(MARKET_RULES.years);
    const radii = MARKET_RULES.radiiM;
    const widest = radii[radii.length - 1] / 1000;
    const boxes = list.map((s) => planeBoxAround({ lat: s.lat, lng: s.lng, radiusKm: widest }));
    const km = distanceKmSql('s', { lat: 'l.lat', lng: 'l.lng' });
    const [near, until] = await Promise.all([
      this.deps.db.query(
        `SELECT l.i, ${km} AS km, ${SALE_COLUMNS}
         FROM unnest($1::int[], $2::float8[], $3::float8[], $4::text[], $5::int[], $6::float8[], $7::float8[],
           $9::float8[], $10::float8[], $11::float8[], $12::float8[]) AS l(i, lat, lng, type, rooms, smin, smax, minx, miny, maxx, maxy)
         JOIN market_sales s ON ${planePointSql('s')} <@ box(point(l.minx, l.miny), point(l.maxx, l.maxy))
           AND ${MarketService.CRITERIA} AND ${km} <= $13::float8`,
        [
          ...this.subjectParams(list),
          since,
          boxes.map((b) => b.minX),
          boxes.map((b) => b.minY),
          boxes.map((b) => b.maxX),
          boxes.map((b) => b.maxY),
          widest,
        ],
      ) as Promise<(SaleRow & { i: number; km: number })[]>,
      salesDataUntil(this.deps.db),
    ]);
    const byListing = new Map<number, (SaleRow & { km: number })[]>();
    for (const r of near) byListing.set(r.i, [...(byListing.get(r.i) ?? []), r]);
    const short: Subject[] = [];
    for (const s of list) {
      const rows = byListing.get(s.i) ?? [];
      const radiusM = radii.find((m) => rows.filter((r) => r.km <= m / 1000).length >= MARKET_RULES.minComparables);
      if (radiusM !== undefined) {
        const sales = rows.filter((r) => r.km <= radiusM / 1000).map(({ km: _km, ...sale }) => sale as SaleRow);
        out.set(s.i, { sales, radiusM, commune: null, since, dataUntil: until });
      } else {
        short.push(s);
        // Until the commune says more: the sales of the widest radius, too few.
        const sales = rows.map(({ km: _km, ...sale }) => sale as SaleRow);
        out.set(s.i, { sales, radiusM: radii[radii.length - 1], commune: null, since, dataUntil: until });
      }
    }
    if (short.length === 0) return out;
    const communeRows = (await this.deps.db.query(
      `WITH l AS (SELECT * FROM ${MarketService.SUBJECTS}),
       c AS (
         SELECT l.*, n.code_commune, n.commune FROM l CROSS JOIN LATERAL (
           SELECT s.code_commune, s.commune, ${km} AS km FROM market_sales s
           ORDER BY ${planePointSql('s')} <-> point(l.lng * ${PLANE_K}, l.lat) LIMIT 1) n
         WHERE n.km <= $9::float8)
       SELECT l.i, l.commune AS "scopeCommune", ${SALE_COLUMNS}
       FROM c AS l LEFT JOIN market_sales s ON s.code_commune = l.code_commune AND ${MarketService.CRITERIA}`,
      [...this.subjectParams(short), since, MARKET_RULES.communeSearchKm],
    )) as (SaleRow & { i: number; scopeCommune: string })[];
    const inCommune = new Map<number, { commune: string; sales: SaleRow[] }>();
    for (const r of communeRows) {
      const entry = inCommune.get(r.i) ?? { commune: r.scopeCommune, sales: [] };
      if (r.idMutation !== null) {
        const { i: _i, scopeCommune: _c, ...sale } = r;
        entry.sales.push(sale as SaleRow);
      }
      inCommune.set(r.i, entry);
    }
    for (const s of short) {
      const c = inCommune.get(s.i);
      // The commune is the last scope tried: its sales stand, enough or not, when it has more than the radius.
      if (c && c.sales.length >= out.get(s.i)!.sales.length)
        out.set(s.i, { sales: c.sales, radiusM: null, commune: c.commune, since, dataUntil: until });
    }
    return out;
  }

  /** The latest carte des loyers row of each rental's commune (the commune of the nearest stored sale). */
  private async rents(list: Subject[]): Promise<Map<number, RentRow>> {
    const out = new Map<number, RentRow>();
    if (list.length === 0) return out;
    const km = distanceKmSql('s', { lat: 'l.lat', lng: 'l.lng' });
    const rows = (await this.deps.db.query(
      `WITH l AS (SELECT * FROM unnest($1::int[], $2::float8[], $3::float8[], $4::text[]) AS l(i, lat, lng, type))
       SELECT l.i, r.commune, r.year, r.predicted::float8 AS predicted, r.lower::float8 AS lower, r.upper::float8 AS upper
       FROM l CROSS JOIN LATERAL (
         SELECT s.code_commune, ${km} AS km FROM market_sales s
         ORDER BY ${planePointSql('s')} <-> point(l.lng * ${PLANE_K}, l.lat) LIMIT 1) n
       CROSS JOIN LATERAL (
         SELECT * FROM market_rents r WHERE r.code_commune = n.code_commune AND r.type = l.type
         ORDER BY r.year DESC LIMIT 1) r
       WHERE n.km <= $5::float8`,
      [
        list.map((s) => s.i),
        list.map((s) => s.lat),
        list.map((s) => s.lng),
        list.map((s) => s.type),
        MARKET_RULES.communeSearchKm,
      ],
    )) as (RentRow & { i: number })[];
    for (const r of rows) out.set(r.i, r);
    return out;
  }
}

/** The comparables found for one listing, and the scope they come from. */
interface Found {
  sales: SaleRow[];
  radiusM: number | null;
  commune: string | null;
  since: string;
  dataUntil: string | null;
}

interface RentRow {
  commune: string;
  year: number;
  predicted: number;
  lower: number;
  upper: number;
}
