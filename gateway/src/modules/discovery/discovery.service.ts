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
import { requireViewer } from '../../lib/viewer';
import { findItem, type HistoryItem } from '../history/history-item';
import type { PreferencesService } from '../preferences/preferences.service';
import { Property } from '../properties/property.entity';
import type { User } from '../users/user.entity';
import { findNearest, insertDiscoveries, reportPass, storedColumns } from './discovery.match';
import { UserLocation } from './user-location.entity';

/** Where the simulation looks when the user has never reported a position: central Paris. */
const DEFAULT_POSITION = { latitude: 48.8566, longitude: 2.3522 };

/** The answer to a position fix. */
export interface LocationReportResult {
  location: UserLocation;
  /** False when the fix was too imprecise or came within DISCOVERY_PASS_INTERVAL_S of the last pass. */
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

  /**
   * Stores the fix, then (accuracy ≤ DISCOVERY_MAX_ACCURACY_M, at most one pass per DISCOVERY_PASS_INTERVAL_S)
   * discovers the nearest matching listings (at most DISCOVERY_MAX_PER_FIX).
   */
  async report(viewer: User | null, input: TLocationReport | unknown): Promise<LocationReportResult> {
    const me = requireViewer(viewer);
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
    const [row] = await insertDiscoveries(this.deps.db, me.id, [propertyId], {
      latitude: last?.latitude ?? null,
      longitude: last?.longitude ?? null,
    });
    if (!row) throw notFound(MSG.nothingToDiscover);
    this.deps.pubsub.publish(Topic.DiscoveryAdded, me.id, { entryId: row.id });
    return findItem(this.deps.db, row.id);
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
