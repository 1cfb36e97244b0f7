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
import { preparedRunner, type Queryable } from '../../db/prepared';
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
import { findNearest, reportPass, storedColumns } from './discovery.match';
import { INSERT_ENTRIES_SQL } from './discovery.sql';
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
  /** The pass runs as a prepared statement (planned once per connection). */
  private readonly sql: Queryable;

  constructor(
    private readonly deps: {
      db: DataSource;
      pubsub: AppPubSub;
      preferences: PreferencesService;
      throttles: Throttles;
      simulationEnabled: boolean;
    },
  ) {
    this.sql = preparedRunner(deps.db);
  }

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
    const pass = await reportPass(this.sql, { userId: me.id, ...fix }, filters, {
      limit: DISCOVERY_MAX_PER_FIX,
      intervalS: DISCOVERY_PASS_INTERVAL_S,
    });
    const location = {
      id: pass.locationId,
      userId: me.id,
      ...storedColumns(fix),
      timestamp: fix.timestamp,
    } as UserLocation;
    if (!pass.passed) return { location, matched: false, newDiscoveries: [] };
    const newDiscoveries = await this.propertiesInOrder(pass.entries.map((e) => e.propertyId));
    for (const e of pass.entries) this.deps.pubsub.publish(Topic.DiscoveryAdded, me.id, { entryId: e.entryId });
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
    const [row] = await this.deps.db.query(INSERT_ENTRIES_SQL, [
      me.id,
      [propertyId],
      last?.latitude ?? null,
      last?.longitude ?? null,
    ]);
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
