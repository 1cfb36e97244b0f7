import { DISCOVERY_MAX_ACCURACY_M, MSG, ZSearchFilters, ZVerifyOnSite } from '@flaneur/schema';
import { DataSource, In } from 'typeorm';
import { AppError, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { validate } from '../../lib/validate';
import { parseId, requireViewer } from '../../lib/viewer';
import type { Outbox } from '../../outbox/outbox';
import { HistoryEntry } from '../history/history-entry.entity';
import { item, type HistoryItem } from '../history/history-item';
import type { MarketService } from '../market/market.service';
import type { StreetSalesView } from '../market/street-sales';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PreferencesService } from '../preferences/preferences.service';
import { ZPage } from '../properties/property-filter';
import { Property } from '../properties/property.entity';
import type { User } from '../users/user.entity';
import { sqlParams } from '../../db/sql-params';
import { walkDigest } from './walk-text';
import {
  nearMissesStatement,
  sweepStatement,
  walkColumnsSql,
  walkDiscoveriesSql,
  walkPathSql,
  WALK_CRITERIA,
  WALK_DIGEST_JOB,
  walkPassedStatement,
  aroundPassedStatement,
  type NearMissCriterion,
  type WalkCriterion,
} from './walks.sql';

/** A walk as read: figures and times (its trace, discoveries and near misses are read apart, batched). */
export interface WalkRecord {
  id: number;
  userId: number;
  startedAt: Date;
  /** Time of the last fix. */
  lastFixAt: Date;
  /** Null while the walk is in progress (its last fix is less than WALK_GAP_MIN minutes old). */
  endedAt: Date | null;
  distanceM: number;
  discoveryCount: number;
}

/** A fix of a walk's trace. */
export interface WalkFix {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  timestamp: Date;
}

/** A listing that failed one criterion by a small margin. */
export interface NearMissRecord {
  propertyId: number;
  missed: NearMissCriterion;
  /** From the nearest fix of the walk, whole metres. */
  distanceM: number;
}

/** What a walk passed, against the current saved criteria. */
export interface WalkPassedRecord {
  /** Fixes received during the walk (while they are kept). */
  positions: number;
  /** Listings within the saved radius of one of its precise fixes (not the user's own). */
  passed: number;
  /** Of those, the ones matching every saved criterion. */
  matching: number;
  /** For each criterion that left some out, how many; most first. */
  excluded: { criterion: WalkCriterion; count: number }[];
}

type PassedRow = { walk_id: number; positions?: number; passed: number | null; matching: number | null } & Record<
  WalkCriterion,
  number | null
>;

/** A tally row as read (none: nothing within the radius), its exclusions most first. */
function passedRecord(r: PassedRow | undefined): WalkPassedRecord {
  const excluded = WALK_CRITERIA.map((criterion) => ({ criterion, count: r?.[criterion] ?? 0 }))
    .filter((e) => e.count > 0)
    .sort((a, b) => b.count - a.count || WALK_CRITERIA.indexOf(a.criterion) - WALK_CRITERIA.indexOf(b.criterion));
  return { positions: r?.positions ?? 0, passed: r?.passed ?? 0, matching: r?.matching ?? 0, excluded };
}

export interface WalkPage {
  nodes: WalkRecord[];
  endCursor: string | null;
  hasNextPage: boolean;
}

/** How often an instance looks for walks that ended. */
export const WALK_SWEEP_INTERVAL_MS = 60_000;

const encodeWalkCursor = (id: number) => Buffer.from(`w:${id}`).toString('base64url');
const decodeWalkCursor = (cursor: string): number | null => {
  const m = /^w:(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString());
  return m && Number(m[1]) <= 2_147_483_647 ? Number(m[1]) : null;
};

const record = (row: WalkRecord): WalkRecord => ({
  ...row,
  startedAt: new Date(row.startedAt),
  lastFixAt: new Date(row.lastFixAt),
  endedAt: row.endedAt ? new Date(row.endedAt) : null,
  distanceM: Math.round(Number(row.distanceM)),
});

/**
 * The walk journal: a user's walks (cut by the user_locations triggers), read only by the walker, with their trace
 * while the fixes are kept, their discoveries and their near misses; and the end-of-walk digest.
 */
export class WalksService {
  constructor(
    private readonly deps: {
      db: DataSource;
      outbox: Outbox;
      logger: Logger;
      preferences: PreferencesService;
      notifications: NotificationsService;
      market: MarketService;
    },
  ) {
    deps.outbox.register<{ walkId: number }>(WALK_DIGEST_JOB, (p) => this.onDigest(p));
  }

  /** The viewer's walks, newest first, a page at a time (first ≤ 100, 20 by default). */
  async list(viewer: User | null, page: unknown): Promise<WalkPage> {
    const me = requireViewer(viewer);
    const { first, after } = validate(ZPage, page ?? {});
    const afterId = after === undefined ? null : decodeWalkCursor(after);
    if (after !== undefined && afterId === null)
      throw new AppError('BAD_USER_INPUT', MSG.invalidInput, { fields: { after: MSG.invalidInput } });
    const { p, values } = sqlParams();
    const user = p(me.id);
    const cursor =
      afterId === null
        ? ''
        : `AND (w.started_at, w.id) < (SELECT a.started_at, a.id FROM walks a WHERE a.id = ${p(afterId)} AND a.user_id = ${user})`;
    const rows: WalkRecord[] = await this.deps.db.query(
      `SELECT ${walkColumnsSql('w')} FROM walks w WHERE w.user_id = ${user} ${cursor}
       ORDER BY w.started_at DESC, w.id DESC LIMIT ${first + 1}`,
      values,
    );
    const nodes = rows.slice(0, first).map(record);
    return {
      nodes,
      hasNextPage: rows.length > first,
      endCursor: nodes.length ? encodeWalkCursor(nodes[nodes.length - 1].id) : null,
    };
  }

  /** One of the viewer's walks; someone else's, or none, is NOT_FOUND (its existence is not told). */
  async get(viewer: User | null, id: unknown): Promise<WalkRecord> {
    const me = requireViewer(viewer);
    const walkId = parseId(id);
    if (walkId === null) throw notFound(MSG.walkNotFound);
    const [row]: WalkRecord[] = await this.deps.db.query(
      `SELECT ${walkColumnsSql('w')} FROM walks w WHERE w.id = $1 AND w.user_id = $2`,
      [walkId, me.id],
    );
    if (!row) throw notFound(MSG.walkNotFound);
    return record(row);
  }

  /** The traces of the walks of one user, in one statement (empty once the fixes are purged). */
  async paths(userId: number, walkIds: readonly number[]): Promise<WalkFix[][]> {
    const { p, values } = sqlParams();
    const rows: { walk_id: number; latitude: string; longitude: string; accuracy: string | null; timestamp: Date }[] =
      await this.deps.db.query(walkPathSql(p(userId), p([...walkIds])), values);
    const by = new Map<number, WalkFix[]>(walkIds.map((id) => [id, []]));
    for (const r of rows)
      by.get(r.walk_id)?.push({
        latitude: Number(r.latitude),
        longitude: Number(r.longitude),
        accuracy: r.accuracy === null ? null : Number(r.accuracy),
        timestamp: new Date(r.timestamp),
      });
    return walkIds.map((id) => by.get(id)!);
  }

  /** The discoveries of the walks of one user with their listings, in discovery order (two statements). */
  async discoveries(userId: number, walkIds: readonly number[]): Promise<HistoryItem[][]> {
    const { p, values } = sqlParams();
    const links: { walk_id: number; entry_id: number }[] = await this.deps.db.query(
      walkDiscoveriesSql(p(userId), p([...walkIds])),
      values,
    );
    const entries = links.length
      ? await this.deps.db.getRepository(HistoryEntry).find({
          where: { id: In(links.map((l) => l.entry_id)) },
          relations: { property: true },
        })
      : [];
    const byId = new Map(entries.map((e) => [e.id, e]));
    const by = new Map<number, HistoryItem[]>(walkIds.map((id) => [id, []]));
    for (const l of links) {
      const e = byId.get(l.entry_id);
      if (e?.property) by.get(l.walk_id)?.push(item(e as HistoryEntry & { property: Property }));
    }
    return walkIds.map((id) => by.get(id)!);
  }

  /**
   * The recorded sales along the walks of one user (« Dans les rues traversées »): the market data's sales along each
   * walk's precise fixes (accuracy within DISCOVERY_MAX_ACCURACY_M, as discovery), in two statements for all of them;
   * null once the fixes are purged.
   */
  async streetSales(userId: number, walkIds: readonly number[]): Promise<(StreetSalesView | null)[]> {
    const paths = await this.paths(userId, walkIds);
    return this.deps.market.salesAlong(
      paths.map((fixes) => fixes.filter((f) => f.accuracy !== null && f.accuracy <= DISCOVERY_MAX_ACCURACY_M)),
    );
  }

  /**
   * The near misses of the viewer's walks (« Presque pour vous »), computed now against the saved criteria, in one
   * statement for all of them.
   */
  async nearMisses(viewer: User | null, walkIds: readonly number[]): Promise<NearMissRecord[][]> {
    const me = requireViewer(viewer);
    const filters = await this.deps.preferences.get(me);
    const st = nearMissesStatement(me.id, [...walkIds], filters);
    const rows: { walk_id: number; property_id: number; distance_m: number; missed: NearMissCriterion }[] =
      await this.deps.db.query(st.text, st.values);
    const by = new Map<number, NearMissRecord[]>(walkIds.map((id) => [id, []]));
    for (const r of rows)
      by.get(r.walk_id)?.push({ propertyId: r.property_id, missed: r.missed, distanceM: Math.round(r.distance_m) });
    return walkIds.map((id) => by.get(id)!);
  }

  /** What the viewer's walks passed, computed now against the saved criteria, in one statement for all of them. */
  async passed(viewer: User | null, walkIds: readonly number[]): Promise<WalkPassedRecord[]> {
    const me = requireViewer(viewer);
    const filters = await this.deps.preferences.get(me);
    const st = walkPassedStatement(me.id, [...walkIds], filters);
    const rows: PassedRow[] = await this.deps.db.query(st.text, st.values);
    const by = new Map(rows.map((r) => [r.walk_id, r]));
    return walkIds.map((id) => passedRecord(by.get(id)));
  }

  /**
   * The same tally around a place (the Explorer's, open to visitors) with the criteria given, else the viewer's saved
   * ones (a visitor's: the defaults); no positions.
   */
  async passedAround(
    viewer: User | null,
    input: { latitude?: unknown; longitude?: unknown; searchFilters?: unknown },
  ): Promise<WalkPassedRecord> {
    const at = validate(ZVerifyOnSite.pick({ latitude: true, longitude: true }), input);
    const filters =
      input.searchFilters != null
        ? validate(ZSearchFilters, input.searchFilters)
        : viewer
          ? await this.deps.preferences.get(viewer)
          : validate(ZSearchFilters, {});
    const st = aroundPassedStatement(viewer?.id ?? null, at, filters);
    const [row]: PassedRow[] = await this.deps.db.query(st.text, st.values);
    return passedRecord(row);
  }

  /** Listings by id, in the order asked (null for a deleted one), in one statement. */
  async properties(ids: readonly number[]): Promise<(Property | null)[]> {
    if (!ids.length) return [];
    const rows = await this.deps.db.getRepository(Property).findBy({ id: In([...ids]) });
    const byId = new Map(rows.map((p) => [p.id, p]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  /**
   * Marks the walks that ended and queues the digest of those with discoveries (one statement, SKIP LOCKED: each
   * walk is handled by one instance, once). Answers how many walks were handled and how many digests queued.
   */
  async sweepEnded(limit = 500): Promise<{ handled: number; queued: number }> {
    const st = sweepStatement(this.deps.outbox.queue, limit);
    const [row]: { handled: number; queued: number }[] = await this.deps.db.query(st.text, st.values);
    if (row.queued) this.deps.outbox.nudge();
    return row;
  }

  /** Runs the sweep at start and every WALK_SWEEP_INTERVAL_MS; the timer never keeps the process alive. */
  scheduleSweep(): () => void {
    const run = () =>
      this.sweepEnded()
        .then((n) => n.handled && this.deps.logger.debug(n, 'walks ended'))
        .catch((err) => this.deps.logger.error({ err }, 'walk sweep failed'));
    void run();
    const timer = setInterval(run, WALK_SWEEP_INTERVAL_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  /**
   * « Balade terminée : {n} biens découverts en {durée} » to the walker's devices, like a passing alert (setting,
   * quiet hours: dropped, not postponed). The walk's digest_sent_at is set in the transaction that queues the pushes,
   * so a repeated job sends nothing.
   */
  private async onDigest(job: { walkId: number }): Promise<void> {
    const walkId = Number(job?.walkId);
    if (!Number.isInteger(walkId)) return;
    const [walk]: (WalkRecord & { digestSentAt: Date | null })[] = await this.deps.db.query(
      `SELECT ${walkColumnsSql('w')}, w.digest_sent_at AS "digestSentAt" FROM walks w WHERE w.id = $1`,
      [walkId],
    );
    if (!walk || walk.digestSentAt || !walk.discoveryCount) return;
    const w = record(walk);
    const message = walkDigest({
      id: w.id,
      discoveryCount: w.discoveryCount,
      durationMs: w.lastFixAt.getTime() - w.startedAt.getTime(),
    });
    await this.deps.notifications.sendWalkDigest(
      w.userId,
      message,
      { ttl: 3600, urgency: 'normal', topic: 'walk-digest' },
      async (tx) => {
        const claimed: unknown[] = await tx.query(
          `UPDATE walks SET digest_sent_at = now() WHERE id = $1 AND digest_sent_at IS NULL RETURNING id`,
          [w.id],
        );
        // TypeORM answers an UPDATE … RETURNING as [rows, count].
        const rows = Array.isArray(claimed[0]) ? (claimed[0] as unknown[]) : claimed;
        return rows.length > 0;
      },
    );
  }
}
