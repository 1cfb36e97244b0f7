import {
  DEFAULT_SEARCH_FILTERS,
  DISCOVERY_MAX_ACCURACY_M,
  DISCOVERY_MAX_PER_FIX,
  DISCOVERY_PASS_INTERVAL_S,
  LOCATION_BATCH,
  MSG,
  TLocationBatch,
  TLocationReport,
  ZLocationBatch,
  ZLocationReport,
} from '@flaneur/schema';
import { DataSource, In, MoreThan } from 'typeorm';
import { preparedRunner, type Queryable } from '../../db/prepared';
import { Topic, type AppPubSub } from '../../graphql/pubsub';
import { AppError, notFound } from '../../lib/errors';
import type { Throttles } from '../../lib/throttle';
import type { Outbox } from '../../outbox/outbox';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import { findItem, type HistoryItem } from '../history/history-item';
import type { PreferencesService } from '../preferences/preferences.service';
import { listingsById } from '../properties/lib/listings-by-id';
import { Property, type ListingJson } from '../properties/property.entity';
import type { User } from '../users/user.entity';
import { DISCOVERY_JOB, type DiscoveryJobPayload } from './discovery-job';
import { insertDiscoveries } from './discovery.entries.sql';
import { durableCommit, storedClientIds, storedColumns, storeFixes } from './discovery.fixes.sql';
import { findNearest } from './discovery.match';
import { reportPass, type PassResult } from './discovery.pass';
import { lockReplayGate, saveReplayGate } from './discovery.replay-gate';
import { UserLocation } from './user-location.entity';
import { WalkRow } from '../walks/walk.entity';

/** Where the simulation looks when the user has never reported a position: central Paris. */
const DEFAULT_POSITION = { latitude: 48.8566, longitude: 2.3522 };

/** The answer to a position fix, its discoveries as `L` (entities for GraphQL, the REST shape for REST). */
export interface LocationReportResult<L = Property> {
  location: UserLocation;
  /** False when the fix was too imprecise or came within DISCOVERY_PASS_INTERVAL_S of the last pass. */
  matched: boolean;
  newDiscoveries: L[];
}

/** The answer to a batch of fixes. */
export interface LocationBatchResult {
  /** Fixes stored by this call. */
  stored: number;
  /** Fixes already stored (same user and clientId), ignored. */
  duplicates: number;
  /** New history entries. */
  discovered: number;
}

/** How far back the key of a live fix sent without its time is looked for (a repeat comes within seconds). */
const UNTIMED_KEY_WINDOW_MS = 24 * 3600_000;

/** Discovery while walking: position fixes, matching in PostgreSQL, the live event, the simulation. */
export class DiscoveryService {
  /** The pass runs as a prepared statement (planned once per connection). */
  private readonly sql: Queryable;
  private readonly listingsById: (ids: number[]) => Promise<ListingJson[]>;

  constructor(
    private readonly deps: {
      db: DataSource;
      pubsub: AppPubSub;
      preferences: PreferencesService;
      throttles: Throttles;
      outbox: Outbox;
      simulationEnabled: boolean;
    },
  ) {
    this.sql = preparedRunner(deps.db);
    this.listingsById = listingsById(deps.db);
  }

  /** A position report (reportPass below) answering its discoveries as entities (GraphQL). */
  async report(viewer: User | null, input: TLocationReport | unknown): Promise<LocationReportResult> {
    return this.reportWith(viewer, input, (ids) => this.propertiesInOrder(ids));
  }

  /** The same report answering its discoveries in their REST shape, read by one prepared statement (no entity). */
  async reportJson(viewer: User | null, input: TLocationReport | unknown): Promise<LocationReportResult<ListingJson>> {
    return this.reportWith(viewer, input, this.listingsById);
  }

  /**
   * Stores the fix, then (accuracy ≤ DISCOVERY_MAX_ACCURACY_M, at most one pass per DISCOVERY_PASS_INTERVAL_S of
   * server time) discovers the nearest matching listings (at most DISCOVERY_MAX_PER_FIX), enqueuing one passing
   * alert with them in the same statement. A fix whose clientId the user already stored (at the same time, or at
   * any time within a day when the fix comes without its time) is neither stored nor matched again (the stored one
   * is answered).
   */
  private async reportWith<L>(
    viewer: User | null,
    input: TLocationReport | unknown,
    listings: (ids: number[]) => Promise<L[]>,
  ): Promise<LocationReportResult<L>> {
    const me = requireViewer(viewer);
    await this.deps.throttles.consume('locationReportsPerUser', String(me.id));
    const given = validate(ZLocationReport, input);
    const fix = { ...given, timestamp: given.timestamp ?? new Date() };
    if (fix.clientId && !given.timestamp) {
      // Its time is the server's: a repeat has another one, so the key is looked for among the day's fixes.
      const stored = await this.deps.db.getRepository(UserLocation).findOneBy({
        userId: me.id,
        clientId: fix.clientId,
        timestamp: MoreThan(new Date(Date.now() - UNTIMED_KEY_WINDOW_MS)),
      });
      if (stored) return { location: stored, matched: false, newDiscoveries: [] };
    }
    const precise = fix.accuracy <= DISCOVERY_MAX_ACCURACY_M;
    const filters = precise ? await this.deps.preferences.get(me) : null;
    const pass = await reportPass(this.sql, { userId: me.id, ...fix }, filters, {
      limit: DISCOVERY_MAX_PER_FIX,
      intervalS: DISCOVERY_PASS_INTERVAL_S,
      alert: { queue: this.deps.outbox.queue, fixAt: fix.timestamp },
    });
    if (pass.alerted) this.deps.outbox.nudge();
    const location = {
      id: pass.locationId,
      userId: me.id,
      ...storedColumns(fix),
      timestamp: fix.timestamp,
      clientId: fix.clientId ?? null,
    } as UserLocation;
    if (pass.locationId === null) {
      // Already stored under this key and time: the stored fix is answered.
      const stored = await this.deps.db
        .getRepository(UserLocation)
        .findOneBy({ userId: me.id, clientId: fix.clientId ?? undefined, timestamp: fix.timestamp });
      return { location: stored ?? location, matched: false, newDiscoveries: [] };
    }
    if (!pass.passed) return { location, matched: false, newDiscoveries: [] };
    const newDiscoveries = await listings(pass.entries.map((e) => e.propertyId));
    for (const e of pass.entries) this.deps.pubsub.publish(Topic.DiscoveryAdded, me.id, { entryId: e.entryId });
    return { location, matched: true, newDiscoveries };
  }

  /**
   * Fixes kept offline and sent together, in one transaction. Each is stored once per (user, clientId): a fix
   * already stored counts as a duplicate and does nothing. The others are taken in fix-time order; one is matched
   * (the live pass, entries dated at the fix time and placed at its position) when it is precise enough, dated
   * within LOCATION_BATCH.matchMaxAgeH hours before receipt (and not ahead of it beyond the clock drift allowed),
   * and at least DISCOVERY_PASS_INTERVAL_S after the fix time of the user's last replayed pass; the others are
   * only stored. The live gate (server time) neither gates nor is moved by a batch. The discoveries of fixes at
   * most LOCATION_BATCH.alertMaxAgeMin minutes old lead to one passing alert for the whole batch.
   */
  async reportBatch(viewer: User | null, input: TLocationBatch | unknown): Promise<LocationBatchResult> {
    const me = requireViewer(viewer);
    await this.deps.throttles.consume('locationBatchesPerUser', String(me.id));
    const { fixes } = validate(ZLocationBatch, input);
    if (!fixes.length) return { stored: 0, duplicates: 0, discovered: 0 };
    await this.deps.throttles.consume('locationBatchFixesPerUser', String(me.id), fixes.length);
    const receivedAt = Date.now();
    const filters = await this.deps.preferences.get(me);
    const ordered = fixes
      .map((fix, i) => ({ fix, i }))
      .sort((a, b) => a.fix.timestamp.getTime() - b.fix.timestamp.getTime() || a.i - b.i)
      .map(({ fix }) => fix);
    const intervalMs = DISCOVERY_PASS_INTERVAL_S * 1000;
    const matchable = (at: number, accuracy: number) =>
      accuracy <= DISCOVERY_MAX_ACCURACY_M &&
      at >= receivedAt - LOCATION_BATCH.matchMaxAgeH * 3600_000 &&
      at <= receivedAt + LOCATION_BATCH.matchMaxAheadS * 1000;
    const alertSince = receivedAt - LOCATION_BATCH.alertMaxAgeMin * 60_000;

    const found: PassResult['entries'] = [];
    const committed = await this.deps.db.transaction(async (tx) => {
      const lastReplay = await lockReplayGate(tx, me.id);
      const known = await storedClientIds(tx, me.id, ordered);
      let duplicates = 0;
      let stored = 0;
      let lastPassAt = lastReplay ? lastReplay.getTime() : -Infinity;
      const storeOnly: typeof ordered = [];
      const alert: { fixAt: Date; items: DiscoveryJobPayload['items'] } = { fixAt: new Date(0), items: [] };
      for (const fix of ordered) {
        if (known.has(fix.clientId)) {
          duplicates += 1;
          continue;
        }
        known.add(fix.clientId);
        const at = fix.timestamp.getTime();
        if (!matchable(at, fix.accuracy) || at < lastPassAt + intervalMs) {
          storeOnly.push(fix);
          continue;
        }
        const pass = await reportPass(tx, { userId: me.id, ...fix }, filters, {
          limit: DISCOVERY_MAX_PER_FIX,
          intervalS: DISCOVERY_PASS_INTERVAL_S,
          gate: false,
          discoveredAt: fix.timestamp,
        });
        // Stored meanwhile by a live report with the same key: it took no pass.
        if (pass.locationId === null) {
          duplicates += 1;
          continue;
        }
        stored += 1;
        lastPassAt = at;
        found.push(...pass.entries);
        if (at >= alertSince && pass.entries.length) {
          alert.fixAt = fix.timestamp;
          alert.items.push(
            ...pass.entries.map((e) => ({ propertyId: e.propertyId, distanceM: Math.round(e.km * 1000) })),
          );
        }
      }
      const storedKeys = await storeFixes(tx, me.id, storeOnly);
      stored += storedKeys.length;
      duplicates += storeOnly.length - storedKeys.length;
      if (lastReplay === null ? lastPassAt > -Infinity : lastPassAt > lastReplay.getTime())
        await saveReplayGate(tx, me.id, new Date(lastPassAt));
      if (alert.items.length) {
        alert.items.sort((a, b) => a.distanceM - b.distanceM || a.propertyId - b.propertyId);
        const payload: DiscoveryJobPayload = { userId: me.id, fixAt: alert.fixAt.toISOString(), items: alert.items };
        await this.deps.outbox.enqueue(tx, DISCOVERY_JOB, payload);
      }
      await durableCommit(tx);
      return { stored, duplicates, alerted: alert.items.length > 0 };
    });
    if (committed.alerted) this.deps.outbox.nudge();
    for (const e of found) this.deps.pubsub.publish(Topic.DiscoveryAdded, me.id, { entryId: e.entryId });
    return { stored: committed.stored, duplicates: committed.duplicates, discovered: found.length };
  }

  /** Whether simulateDiscovery is on here (always outside production; ENABLE_SIMULATION in production). */
  get simulationEnabled(): boolean {
    return this.deps.simulationEnabled;
  }

  /**
   * Adds the nearest not-yet-discovered listing to the user's last known position (central Paris if none),
   * preferring listings that match the saved criteria, and fires the same event as a real discovery.
   */
  async simulate(viewer: User | null): Promise<HistoryItem> {
    if (!this.deps.simulationEnabled) throw new AppError('FORBIDDEN', MSG.simulationDisabled);
    const me = requireViewer(viewer);
    const last = await this.deps.db
      .getRepository(UserLocation)
      .findOne({ where: { userId: me.id }, order: { timestamp: 'DESC', id: 'DESC' } });
    const lat = last ? Number(last.latitude) : DEFAULT_POSITION.latitude;
    const lng = last ? Number(last.longitude) : DEFAULT_POSITION.longitude;
    const filters = await this.deps.preferences.get(me);
    const pick = async (strict: boolean): Promise<number | undefined> => {
      // Without the criteria the same predicate runs over the whole map with neutral filters.
      const at = { lat, lng, radiusKm: 20_000 };
      const [nearest] = await findNearest(this.deps.db, at, strict ? filters : DEFAULT_SEARCH_FILTERS, me.id, 1, false);
      return nearest?.id;
    };
    const propertyId = (await pick(true)) ?? (await pick(false));
    if (!propertyId) throw notFound(MSG.nothingToDiscover);
    const [row] = await insertDiscoveries(this.deps.db, me.id, [propertyId], {
      latitude: last?.latitude ?? null,
      longitude: last?.longitude ?? null,
      source: 'simulation',
    });
    if (!row) throw notFound(MSG.nothingToDiscover);
    this.deps.pubsub.publish(Topic.DiscoveryAdded, me.id, { entryId: row.id });
    return findItem(this.deps.db, row.id);
  }

  /**
   * Erases every stored position fix of the user (Paramètres), and the walk journal cut from them (times and
   * distances of where they walked); answers how many fixes were removed.
   */
  async eraseLocations(viewer: User | null): Promise<number> {
    const me = requireViewer(viewer);
    return this.deps.db.transaction(async (em) => {
      const res = await em.getRepository(UserLocation).delete({ userId: me.id });
      await em.getRepository(WalkRow).delete({ userId: me.id });
      return res.affected ?? 0;
    });
  }

  private async propertiesInOrder(ids: number[]): Promise<Property[]> {
    if (!ids.length) return [];
    const rows = await this.deps.db.getRepository(Property).findBy({ id: In(ids) });
    const byId = new Map(rows.map((p) => [p.id, p]));
    return ids.map((id) => byId.get(id)!).filter(Boolean);
  }
}
