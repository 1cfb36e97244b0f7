import {
  bedroomsRoomsIssue,
  defaultRooms,
  MSG,
  TProperty,
  TPropertyUpdate,
  ZLegacyProperty,
  ZProperty,
  ZPropertyUpdate,
  OWNER_INSIGHTS_MSG,
  ZStatsDays,
  ZVerifyOnSite,
} from '@flaneur/schema';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { parseId, requireViewer } from '../../lib/viewer';
import type { Outbox } from '../../outbox/outbox';
import type { Storage } from '../../storage/storage';
import type { WebhooksService } from '../webhooks/webhooks.service';
import { loadAlsoPublishedBy, type Publisher } from './same-home';
import { listingImageFiles } from '../uploads/image-pipeline';
import { User } from '../users/user.entity';
import { encodeCursor, encodeDistanceCursor, TPropertyFilter, ZPage, ZPropertyFilter } from './property-filter';
import { searchStatement } from './property-search';
import { canOpenListing } from './lib/listing-visibility';
import { propertyEventData, type FeedColumns } from './lib/property-event';
import { Property } from './property.entity';
import { checkLegalChange, legalColumns } from './property-legal';
import { saveWithNewRef } from './property-ref';
import { isOnSite, onSiteAfterChange } from './property-on-site';
import { loadPropertyStats, PropertyStats } from './property-stats';
import {
  getManyWithPrices,
  loadPriceHistories,
  PRICE_DROP_ALERT_JOB,
  priceFieldsOf,
  type PriceDropAlertPayload,
  type PriceReadOptions,
} from './property-price-history';

/** A listing found by a `near` search, with its great-circle distance in whole metres. */
export type PropertyNear = Property & { distanceM?: number };

/** A page of listings, newest first (nearest first with `near`). */
export interface PropertyPage {
  nodes: PropertyNear[];
  endCursor: string | null;
  hasNextPage: boolean;
}

type Parsed = ReturnType<typeof ZProperty.parse>;
/** Numbers become the decimal strings of the numeric columns, at their scale. */
const toColumns = ({ price, size, latitude, longitude, ...rest }: Partial<Parsed>): Partial<Property> => ({
  ...(rest as Partial<Property>),
  ...(price !== undefined ? { price: price.toFixed(2) } : {}),
  ...(size !== undefined ? { size: size.toFixed(2) } : {}),
  ...(latitude !== undefined ? { latitude: latitude.toFixed(7) } : {}),
  ...(longitude !== undefined ? { longitude: longitude.toFixed(7) } : {}),
  ...legalColumns(rest),
});

/**
 * What a listing's write asks of the trust shield, inside its transaction: the signals raised and whether a job was
 * queued (the moderation domain answers it; the wiring hands it in, so listings do not import moderation).
 */
export type RaiseListingSignals = (
  tx: EntityManager,
  listing: Property,
  owner: User,
  opts: { created?: boolean; relisted?: boolean; photosChanged?: boolean; marketChanged?: boolean },
) => Promise<{ queued: boolean }>;

/** Listings: search, read, publish, edit and delete (owner only). */
export class PropertiesService {
  constructor(
    private readonly deps: {
      db: DataSource;
      storage: Storage;
      webhooks: WebhooksService;
      outbox: Outbox;
      raiseSignals: RaiseListingSignals;
    },
  ) {}

  private get repo() {
    return this.deps.db.getRepository(Property);
  }

  /**
   * One listing, or 404 "Bien non trouvé" (also for a draft, unless `viewer` owns it); with `prices`, its price
   * fields too, in the same statement.
   */
  async get(id: unknown, opts: PriceReadOptions & { viewer?: User | null } = {}): Promise<Property> {
    const pid = parseId(id);
    let property: Property | null = null;
    if (pid && opts.prices) {
      const qb = this.repo.createQueryBuilder('p').where('p.id = :id', { id: pid });
      [property = null] = (await getManyWithPrices(qb, 'p', (p) => p)).entities;
    } else if (pid) property = await this.repo.findOneBy({ id: pid });
    if (!property || !canOpenListing(property, opts.viewer)) throw notFound(MSG.propertyNotFound);
    return property;
  }

  /** Whether the viewer owns the listing (owner-only fields such as its stats). */
  isOwnedBy(property: Pick<Property, 'ownerId'>, viewer: User | null): boolean {
    return Boolean(viewer && property.ownerId && Number(property.ownerId) === viewer.id);
  }

  /**
   * Searches listings with the filters, a page at a time; with `ownerId`, only that owner's listings. Newest first,
   * or nearest first with `near` (each node then carries distanceM); bbox, polygon and near narrow each other (AND).
   * One statement, on discovery's GiST indexes when a geographic filter is given; with `prices`, the listings'
   * price fields come in it too.
   */
  async search(filter: unknown, page: unknown, ownerId?: number, opts: PriceReadOptions = {}): Promise<PropertyPage> {
    const f = validate(ZPropertyFilter, filter ?? {});
    if (ownerId !== undefined) f.ownerId = ownerId;
    const { first, after } = validate(ZPage, page ?? {});
    // The owner's own list (Mes annonces, the legacy client's userId) shows drafts and withdrawn listings too.
    const qb = this.searchQuery(f, first, after, ownerId !== undefined);
    const read = () => (opts.prices ? getManyWithPrices(qb, 'p', (p) => p) : qb.getRawAndEntities());
    if (!f.near) {
      const rows = opts.prices ? (await read()).entities : await qb.getMany();
      const nodes = rows.slice(0, first);
      return {
        nodes,
        hasNextPage: rows.length > first,
        endCursor: nodes.length ? encodeCursor(nodes[nodes.length - 1].id) : null,
      };
    }
    const { entities, raw } = await read();
    // One row per listing (no join): raw rows come in the order of the entities.
    const found = entities.map((p, i) => ({ p, km: Number(raw[i].near_km) }));
    const nodes = found.slice(0, first);
    const last = nodes[nodes.length - 1];
    return {
      nodes: nodes.map(({ p, km }) => Object.assign(p, { distanceM: Math.round(km * 1000) })),
      hasNextPage: found.length > first,
      endCursor: last ? encodeDistanceCursor(last.km, last.p.id) : null,
    };
  }

  /**
   * The listings of a public list for REST, each carrying `alsoPublishedBy` when other accounts publish the same home
   * (same-home.ts), in one statement; the key is left out otherwise (the legacy shape is unchanged).
   */
  async withPublishers<P extends Property>(nodes: P[]): Promise<(P & { alsoPublishedBy?: Publisher[] })[]> {
    const publishers = await loadAlsoPublishedBy(
      this.deps.db,
      nodes.map((n) => n.id),
    );
    return nodes.map((n, i) => (publishers[i].length ? Object.assign(n, { alsoPublishedBy: publishers[i] }) : n));
  }

  /** The search statement (one page plus one row), for search() and for checking its plan. */
  searchQuery(f: TPropertyFilter, first: number, after: string | undefined, own = false): SelectQueryBuilder<Property> {
    return searchStatement(this.repo, f, first, after, own);
  }

  /** The signed-in user's listings, newest first; with `prices`, their price fields too, in the same statement. */
  async mine(viewer: User | null, opts: PriceReadOptions = {}): Promise<Property[]> {
    const me = requireViewer(viewer);
    if (!opts.prices) return this.repo.find({ where: { ownerId: me.id }, order: { id: 'DESC' } });
    const qb = this.repo
      .createQueryBuilder('p')
      .where('p.ownerId = :ownerId', { ownerId: me.id })
      .orderBy('p.id', 'DESC');
    return (await getManyWithPrices(qb, 'p', (p) => p)).entities;
  }

  /**
   * Publishes a listing for the signed-in user; the first publication makes the user a landlord. The legal
   * mentions that apply are required, except from the legacy REST client (`legacy`), which predates them.
   */
  async create(
    viewer: User | null,
    input: TProperty | unknown,
    opts: { legacy?: boolean; columns?: FeedColumns } = {},
  ): Promise<Property> {
    const me = requireViewer(viewer);
    const data = validate(opts.legacy ? ZLegacyProperty : ZProperty, input);
    let queued = 0;
    let signalJob = false;
    const created = await this.deps.db.transaction(async (tx) => {
      // With a fresh random reference (drawn again on a clash).
      const saved = await saveWithNewRef(
        tx,
        tx.getRepository(Property).create({ ...toColumns(data), ...opts.columns, ownerId: me.id }),
      );
      if (!me.isLandlord) await tx.update(User, me.id, { isLandlord: true });
      // The trust shield's signals, for the moderation queue only (moderation/listing-signals.ts).
      const raised = await this.deps.raiseSignals(tx, saved, me, { created: true, photosChanged: true });
      signalJob = raised.queued;
      queued = await this.deps.webhooks.emit(tx, {
        type: 'property.created',
        userIds: [me.id],
        data: { property: propertyEventData(saved) },
      });
      return saved;
    });
    if (queued) this.deps.webhooks.nudge();
    if (signalJob) this.deps.outbox.nudge();
    return created;
  }

  /** Changes a listing; only its owner may. Photos no longer used are deleted. A feed also sets its `columns`. */
  async update(
    viewer: User | null,
    id: unknown,
    input: TPropertyUpdate | unknown,
    feedColumns: FeedColumns = {},
  ): Promise<Property> {
    const me = requireViewer(viewer);
    const property = await this.ownedBy(me, id);
    const changes = validate(ZPropertyUpdate, input);
    // The listing as changed must still hold its bedrooms among its rooms. A change of bedrooms alone (a client
    // that does not know rooms) that no longer fits raises the rooms to bedrooms + 1, as on creation.
    if (changes.rooms === undefined && changes.bedrooms !== undefined) {
      if (bedroomsRoomsIssue(property.rooms, changes.bedrooms)) changes.rooms = defaultRooms(changes.bedrooms);
    }
    const issue = bedroomsRoomsIssue(changes.rooms ?? property.rooms, changes.bedrooms ?? property.bedrooms);
    if (issue) throw new AppError('BAD_USER_INPUT', issue, { fields: { bedrooms: issue } });
    // The listing as changed must keep its legal mentions consistent; what no longer applies is cleared.
    const legal = checkLegalChange(property, changes);
    const before = property.images;
    let queued = 0;
    let outboxJob = false;
    const updated = await this.deps.db.transaction(async (tx) => {
      const repo = tx.getRepository(Property);
      // The price as it stands, locked: two concurrent changes compare each against the one before it.
      const [{ price: oldPrice }]: { price: string }[] = await tx.query(
        `SELECT price FROM properties WHERE id = $1 FOR UPDATE`,
        [property.id],
      );
      // The price history itself is written by the table's trigger (a row only when the price changes).
      const columns = toColumns(changes);
      const feed = feedColumns;
      // A new address or new coordinates clear « Vérifié sur place »: the proof was for the old place.
      await repo.update(property.id, { ...columns, ...legal, ...onSiteAfterChange(property, columns), ...feed });
      const row = await repo.findOneByOrFail({ id: property.id });
      // A withdrawn listing published again (its feed line is back) is « republiée » (moderation/listing-signals.ts).
      const relisted = property.listingState === 'withdrawn' && row.listingState === 'published';
      const photosChanged = row.images.join('\n') !== before.join('\n');
      const marketChanged = (['price', 'size', 'type', 'rooms', 'isRental', 'latitude', 'longitude'] as const).some(
        (k) => String(row[k]) !== String(property[k]),
      );
      const raised = await this.deps.raiseSignals(tx, row, me, {
        relisted,
        photosChanged,
        marketChanged,
      });
      if (raised.queued) outboxJob = true;
      if (Number(row.price) < Number(oldPrice)) {
        const payload: PriceDropAlertPayload = { propertyId: row.id, oldPrice, newPrice: row.price };
        await this.deps.outbox.enqueue(tx, PRICE_DROP_ALERT_JOB, payload);
        outboxJob = true;
      }
      queued = await this.deps.webhooks.emit(tx, {
        type: 'property.updated',
        userIds: [me.id],
        favoritesOf: row.id,
        // previousPrice when this change moved the price, so that an integrator sees drops and rises.
        data: {
          property: propertyEventData(row),
          ...(Number(row.price) !== Number(oldPrice) ? { previousPrice: Number(oldPrice) } : {}),
        },
      });
      return row;
    });
    if (queued) this.deps.webhooks.nudge();
    if (outboxJob) this.deps.outbox.nudge();
    await this.releaseImages(before.filter((url) => !updated.images.includes(url)));
    return updated;
  }

  /**
   * The listings with their REST price fields (priceHistory oldest first, formerPrice), read in one statement for
   * the whole list: for listings just written. A read asks them with its listings instead (`prices`).
   */
  async withPrices<T extends Property>(list: T[]): Promise<T[]> {
    if (!list.length) return list;
    const histories = await loadPriceHistories(
      this.deps.db,
      list.map((p) => p.id),
    );
    list.forEach((p, i) => Object.assign(p, priceFieldsOf(histories[i])));
    return list;
  }

  /** Deletes a listing (favourites, history and visit requests go with it; conversations stay). */
  async delete(viewer: User | null, id: unknown): Promise<void> {
    const me = requireViewer(viewer);
    const property = await this.ownedBy(me, id);
    const queued = await this.deps.db.transaction(async (tx) => {
      // Before the delete: the users who kept it in their favourites are told too.
      const n = await this.deps.webhooks.emit(tx, {
        type: 'property.deleted',
        userIds: [me.id],
        favoritesOf: property.id,
        data: { property: { id: property.id } },
      });
      await tx.getRepository(Property).delete(property.id);
      return n;
    });
    if (queued) this.deps.webhooks.nudge();
    await this.releaseImages(property.images);
  }

  /**
   * Account deletion, inside the caller's transaction: deletes every listing of the owner, with what goes with
   * them as in delete(). Answers their photos, for releaseImages() once the transaction has committed.
   */
  async deleteAllOwnedBy(tx: EntityManager, ownerId: number): Promise<string[]> {
    const deleted = await tx
      .createQueryBuilder()
      .delete()
      .from(Property)
      .where('owner_id = :ownerId', { ownerId })
      .returning('images')
      .execute();
    return (deleted.raw as { images: string[] }[]).flatMap((row) => row.images);
  }

  /**
   * A listing's walk-by stats over the last `days` (7 or 30) days and the period before, for its owner only
   * (UNAUTHENTICATED signed out, FORBIDDEN for anyone else, BAD_USER_INPUT for another period).
   */
  async stats(viewer: User | null, id: unknown, days: unknown): Promise<PropertyStats> {
    const me = requireViewer(viewer);
    const property = await this.ownedBy(me, id);
    const [stats] = await loadPropertyStats(this.deps.db, [property.id], this.statsDays(days));
    return stats;
  }

  /** The period of the stats: 7 or 30 days (30 when missing); anything else is refused in French. */
  statsDays(days: unknown): number {
    return validate(ZStatsDays, days);
  }

  /**
   * « Vérifié sur place »: the owner's fix must be precise (accuracy ≤ 30 m) and within 60 m of the listing's
   * coordinates, or 400 « Vous devez être devant le bien pour le vérifier ». Sets verifiedOnSiteAt to now (the
   * listing's updatedAt is left as is: its content did not change).
   */
  async verifyOnSite(viewer: User | null, id: unknown, input: unknown): Promise<Property> {
    const me = requireViewer(viewer);
    const property = await this.ownedBy(me, id);
    const fix = validate(ZVerifyOnSite, input);
    const notOnSite = () => new AppError('BAD_USER_INPUT', OWNER_INSIGHTS_MSG.notOnSite);
    if (!isOnSite(property, fix)) throw notOnSite();
    // Only at the place that was checked: a move committed in between leaves the listing unverified.
    const rows: { id: number }[] = await this.deps.db.query(
      `WITH verified AS (UPDATE properties SET verified_on_site_at = now()
         WHERE id = $1 AND latitude = $2::numeric AND longitude = $3::numeric RETURNING id)
       SELECT id FROM verified`,
      [property.id, property.latitude, property.longitude],
    );
    if (!rows.length) throw notOnSite();
    return this.get(property.id, { viewer: me });
  }

  private async ownedBy(me: User, id: unknown): Promise<Property> {
    const property = await this.get(id, { viewer: me });
    if (property.ownerId !== me.id) throw forbidden(MSG.propertyForbidden);
    return property;
  }

  /** Deletes stored photos no listing shows any more (a URL may have been copied onto another listing). */
  async releaseImages(urls: string[]): Promise<void> {
    const stored = urls.filter((url) => url.startsWith('/uploads/listings/'));
    if (!stored.length) return;
    const rows: { url: string }[] = await this.deps.db.query(
      `SELECT DISTINCT u AS url FROM properties p CROSS JOIN LATERAL unnest(p.images) AS u
       WHERE p.images && $1::text[] AND u = ANY($1::text[])`,
      [stored],
    );
    const inUse = new Set(rows.map((r) => r.url));
    const released = stored.filter((url) => !inUse.has(url));
    for (const url of released)
      for (const key of listingImageFiles(url.slice('/uploads/'.length))) await this.deps.storage.deletePublic(key);
    // Their perceptual hashes go with them (moderation/listing-signals.ts).
    if (released.length)
      await this.deps.db.query(`DELETE FROM photo_hashes WHERE url = ANY($1::varchar[])`, [released]);
  }
}
