import {
  DEFAULT_SEARCH_FILTERS,
  DISCOVERY_MAX_ACCURACY_M,
  DISCOVERY_MAX_PER_FIX,
  DISCOVERY_PASS_INTERVAL_S,
  MSG,
  TLocationReport,
  ZLocationReport,
} from '@flaneur/schema';
import { DataSource, In } from 'typeorm';
import { Topic, type AppPubSub } from '../../graphql/pubsub';
import { AppError, notFound } from '../../lib/errors';
import type { Throttles } from '../../lib/throttle';
import { validate } from '../../lib/validate';
import { assertSameUser, requireViewer } from '../../lib/viewer';
import { HistoryEntry } from '../history/history-entry.entity';
import type { HistoryItem } from '../history/history.service';
import type { PreferencesService } from '../preferences/preferences.service';
import { Property } from '../properties/property.entity';
import type { User } from '../users/user.entity';
import { findNearest } from './discovery.match';
import { INSERT_ENTRIES_SQL, PASS_GATE_SQL } from './discovery.sql';
import { UserLocation } from './user-location.entity';

/** Where the simulation looks when the user has never reported a position: central Paris. */
const DEFAULT_POSITION = { latitude: 48.8566, longitude: 2.3522 };

/** The answer to a position fix. */
export interface LocationReportResult {
  location: UserLocation;
  /** False when the fix was too imprecise or came within 5 s of the last pass. */
  matched: boolean;
  newDiscoveries: Property[];
}

/** Discovery while walking: position fixes, matching in PostgreSQL, the live event, the simulation. */
export class DiscoveryService {
  constructor(
    private readonly deps: {
      db: DataSource;
      pubsub: AppPubSub;
      preferences: PreferencesService;
      throttles: Throttles;
      simulationEnabled: boolean;
    },
  ) {}

  /** Stores the fix, then (accuracy ≤ 500 m, at most one pass per 5 s) discovers the nearest matching listings. */
  async report(
    viewer: User | null,
    input: TLocationReport | unknown,
    claimedUserId?: unknown,
  ): Promise<LocationReportResult> {
    const me = assertSameUser(viewer, claimedUserId);
    await this.deps.throttles.consume('locationReportsPerUser', String(me.id));
    const fix = validate(ZLocationReport, input);
    const precise = fix.accuracy <= DISCOVERY_MAX_ACCURACY_M;
    const filters = precise ? await this.deps.preferences.get(me) : null;
    // One short transaction without waiting for the WAL flush: a fix or a discovery lost in a crash is found
    // again on the next walk, and the wait would dominate the request (measured: ~8 ms per commit here).
    const { location, rows } = await this.deps.db.transaction(async (tx) => {
      await tx.query('SET LOCAL synchronous_commit TO OFF');
      const location = await tx.getRepository(UserLocation).save({
        userId: me.id,
        latitude: fix.latitude.toFixed(7),
        longitude: fix.longitude.toFixed(7),
        accuracy: fix.accuracy.toFixed(2),
        timestamp: fix.timestamp,
      });
      if (!filters) return { location, rows: null };
      const gate = await tx.query(PASS_GATE_SQL, [me.id, DISCOVERY_PASS_INTERVAL_S]);
      if (gate.length === 0) return { location, rows: null };
      const at = { lat: fix.latitude, lng: fix.longitude, radiusKm: filters.radius };
      const nearest = await findNearest(tx, at, filters, me.id, DISCOVERY_MAX_PER_FIX);
      if (nearest.length === 0) return { location, rows: [] };
      // One statement, by property id (concurrent passes lock in the same order); repeats are no-ops.
      const inserted: { id: number; property_id: number }[] = await tx.query(INSERT_ENTRIES_SQL, [
        me.id,
        nearest.map((n) => n.id),
        fix.latitude,
        fix.longitude,
      ]);
      const rank = new Map(nearest.map((n, i) => [n.id, i]));
      const rows = inserted
        .map((r) => ({ entry_id: r.id, property_id: r.property_id }))
        .sort((a, b) => rank.get(a.property_id)! - rank.get(b.property_id)!);
      return { location, rows };
    });
    if (!rows) return { location, matched: false, newDiscoveries: [] };
    const newDiscoveries = await this.propertiesInOrder(rows.map((r) => r.property_id));
    for (const r of rows) this.deps.pubsub.publish(Topic.DiscoveryAdded, me.id, { entryId: r.entry_id });
    return { location, matched: true, newDiscoveries };
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
    const [row] = await this.deps.db.query(
      `INSERT INTO history_entries (user_id, property_id, latitude, longitude, is_viewed, viewed_at)
       VALUES ($1, $2, $3, $4, false, now()) ON CONFLICT (user_id, property_id) DO NOTHING RETURNING id`,
      [me.id, propertyId, last?.latitude ?? null, last?.longitude ?? null],
    );
    if (!row) throw notFound(MSG.nothingToDiscover);
    this.deps.pubsub.publish(Topic.DiscoveryAdded, me.id, { entryId: row.id });
    return this.item(row.id);
  }

  /** A history entry with its listing (subscription payloads carry only the entry id). */
  async item(entryId: number): Promise<HistoryItem> {
    const entry = await this.deps.db
      .getRepository(HistoryEntry)
      .findOne({ where: { id: entryId }, relations: { property: true } });
    if (!entry?.property) throw notFound();
    const { property, ...rest } = entry;
    return { entry: rest as HistoryEntry, property };
  }

  /** Erases every stored position fix of the user (Paramètres); answers how many were removed. */
  async eraseLocations(viewer: User | null): Promise<number> {
    const me = requireViewer(viewer);
    const res = await this.deps.db.getRepository(UserLocation).delete({ userId: me.id });
    return res.affected ?? 0;
  }

  private async propertiesInOrder(ids: number[]): Promise<Property[]> {
    if (!ids.length) return [];
    const rows = await this.deps.db.getRepository(Property).findBy({ id: In(ids) });
    const byId = new Map(rows.map((p) => [p.id, p]));
    return ids.map((id) => byId.get(id)!).filter(Boolean);
  }
}
