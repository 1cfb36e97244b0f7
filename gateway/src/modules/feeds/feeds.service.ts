import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FEED_LIMITS, FEED_MSG, feedText } from '@flaneur/schema';
import { type DataSource, In } from 'typeorm';
import { Topic, type AppPubSub } from '../../graphql/pubsub';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Mail, Mailer } from '../../mail/mailer';
import { parseId, requireViewer } from '../../lib/viewer';
import type { ClaimedJob, Outbox } from '../../outbox/outbox';
import type { Storage } from '../../storage/storage';
import type { GeocodingService } from '../geocoding/geocoding.service';
import { isProfessionalAccount } from '../properties/lib/advertiser-contact';
import type { PropertiesService } from '../properties/properties.service';
import { assertSize, type IncomingFile } from '../uploads/incoming-file';
import { propertyEventData } from '../properties/lib/property-event';
import { Property } from '../properties/property.entity';
import { User } from '../users/user.entity';
import type { WebhooksService } from '../webhooks/webhooks.service';
import { FeedImport, FeedImportLine } from './feed-import.entity';
import { failedImportMail, refusedLinesMail } from './feeds.mails';
import { applyLine, type LineContext } from './feed-line';
import { detectEncoding, readPolirisRecords } from './poliris-csv';
import { FeedArchiveError, openFeedArchive } from './poliris-zip';

/** The outbox kind of an import. */
export const FEED_IMPORT_JOB = 'feeds.import';

/** Whether bytes start as a ZIP archive does (a local file header, or the end record of an empty one). */
export function isZipBytes(bytes: Buffer): boolean {
  const magic = bytes.subarray(0, 4).toString('binary');
  return magic === 'PK\x03\x04' || magic === 'PK\x05\x06';
}

/** An import with its per-line report, oldest line first. */
export type FeedImportWithReport = FeedImport & { report: FeedImportLine[] };

const PROGRESS_EVERY = 25;

/** Agency feeds: receive a Poliris ZIP, import it in the background (durable outbox), report line by line. */
export class FeedsService {
  constructor(
    private readonly deps: {
      db: DataSource;
      storage: Storage;
      outbox: Outbox;
      logger: Logger;
      mailer: Mailer;
      publicUrl: string;
      properties: PropertiesService;
      geocoding: GeocodingService;
      webhooks: WebhooksService;
      pubsub: AppPubSub;
      isProduction: boolean;
    },
  ) {
    deps.outbox.register<{ importId: number }>(FEED_IMPORT_JOB, (p, job) => this.run(p.importId, job));
  }

  /**
   * Receives an agency's feed: professional accounts only (403), a ZIP (400 « n'est pas une archive ZIP ») of at most
   * FEED_LIMITS.zipMaxBytes (413), one import per agency at a time (409). The ZIP is kept privately and the import
   * queued in the same transaction as its row; answers the import, pending.
   */
  async start(viewer: User | null, file: IncomingFile | undefined): Promise<FeedImport> {
    const me = requireViewer(viewer);
    if (!isProfessionalAccount(me)) throw forbidden(FEED_MSG.notAgency);
    if (!file) throw new AppError('BAD_USER_INPUT', FEED_MSG.noFeedFile, { fields: { feed: FEED_MSG.noFeedFile } });
    assertSize(file, FEED_LIMITS.zipMaxBytes);
    if (!isZipBytes(file.buffer))
      throw new AppError('BAD_USER_INPUT', FEED_MSG.notZip, { fields: { feed: FEED_MSG.notZip } });
    return this.queue(me.id, file.buffer, 'upload');
  }

  /**
   * Keeps a received ZIP privately and queues its import in the same transaction as its row: one import per agency
   * at a time (409). Answers the import, pending.
   */
  async queue(ownerId: number, zip: Buffer, origin: FeedImport['origin']): Promise<FeedImport> {
    await this.assertIdle(ownerId);
    const fileKey = `feeds/${ownerId}/${crypto.randomUUID()}.zip`;
    await this.deps.storage.putPrivate(fileKey, zip);
    try {
      const created = await this.deps.db.transaction(async (tx) => {
        const row = await tx.getRepository(FeedImport).save({ ownerId, status: 'pending', fileKey, origin });
        await this.deps.outbox.enqueue(tx, FEED_IMPORT_JOB, { importId: row.id });
        return row;
      });
      this.deps.outbox.nudge();
      return created;
    } catch (e) {
      await this.deps.storage.deletePrivate(fileKey).catch(() => undefined);
      if ((e as { code?: string }).code === '23505') throw new AppError('CONFLICT', FEED_MSG.importRunning);
      throw e;
    }
  }

  /** 409 while one of the agency's imports is pending or running. */
  async assertIdle(ownerId: number): Promise<void> {
    const active = await this.deps.db
      .getRepository(FeedImport)
      .existsBy({ ownerId, status: In(['pending', 'running'] as const) });
    if (active) throw new AppError('CONFLICT', FEED_MSG.importRunning);
  }

  /** One import of the viewer's, without its report; anyone else's (or none) is 404. */
  async one(viewer: User | null, id: unknown): Promise<FeedImport> {
    const me = requireViewer(viewer);
    const pid = parseId(id);
    const row = pid ? await this.deps.db.getRepository(FeedImport).findOneBy({ id: pid, ownerId: me.id }) : null;
    if (!row) throw notFound(FEED_MSG.importNotFound);
    return row;
  }

  /** One import of the viewer's with its report; anyone else's (or none) is 404. */
  async get(viewer: User | null, id: unknown): Promise<FeedImportWithReport> {
    const row = await this.one(viewer, id);
    const report = await this.deps.db
      .getRepository(FeedImportLine)
      .find({ where: { importId: row.id }, order: { id: 'ASC' } });
    return Object.assign(row, { report });
  }

  /** The viewer's latest imports, newest first (the « Flux d'annonces » screen). */
  async list(viewer: User | null): Promise<FeedImport[]> {
    const me = requireViewer(viewer);
    return this.deps.db.getRepository(FeedImport).find({ where: { ownerId: me.id }, order: { id: 'DESC' }, take: 10 });
  }

  /** The job: runs the import once; a retried job (instance lost mid-run) starts it again from its first line. */
  private async run(importId: number, job: ClaimedJob): Promise<void> {
    const repo = this.deps.db.getRepository(FeedImport);
    const row = await repo.findOneBy({ id: importId });
    if (!row || row.status === 'done' || row.status === 'failed' || !row.fileKey) return;
    const agency = await this.deps.db.getRepository(User).findOneBy({ id: row.ownerId });
    if (!agency) return;
    await this.deps.db.query(`DELETE FROM feed_import_lines WHERE import_id = $1`, [importId]);
    const counts = { lines: 0, created: 0, updated: 0, unchanged: 0, withdrawn: 0, refused: 0, drafts: 0 };
    await this.save(row, { status: 'running', ...counts, error: null });
    // The import outlives the outbox lease: the job is held while it runs.
    const lease = setInterval(() => {
      void this.deps.db
        .query(`UPDATE outbox_jobs SET run_at = now() + interval '60 seconds' WHERE id = $1`, [job.id])
        .catch(() => undefined);
    }, 20_000);
    const tmp = path.join(os.tmpdir(), `flaneur-feed-${crypto.randomUUID()}.zip`);
    try {
      await pipeline(this.deps.storage.readPrivate(row.fileKey), fs.createWriteStream(tmp));
      const archive = await openFeedArchive(tmp);
      try {
        const encoding = await detectEncoding(await archive.openCsv());
        const policy = { isProduction: this.deps.isProduction };
        const ctx: LineContext = { ...this.deps, policy, archive, agency, seen: new Map(), photoHashes: new Map() };
        for await (const rec of readPolirisRecords(await archive.openCsv(), encoding)) {
          counts.lines++;
          if (counts.lines > FEED_LIMITS.maxLines) throw new FeedArchiveError(FEED_MSG.zipBomb);
          let result;
          try {
            result = await applyLine(ctx, rec.fields, rec.line);
          } catch (err) {
            this.deps.logger.error({ err, importId, line: rec.line }, 'feed line failed');
            result = {
              outcome: 'refused' as const,
              draft: false,
              reference: null,
              issues: [{ field: null, message: FEED_MSG.internalError }],
            };
          }
          counts[result.outcome]++;
          if (result.draft && result.outcome !== 'unchanged') counts.drafts++;
          await this.report(
            importId,
            result.issues.map((i) => ({ line: rec.line, reference: result.reference, ...i })),
          );
          if (counts.lines % PROGRESS_EVERY === 0) await this.save(row, counts);
        }
        counts.withdrawn = await this.withdrawAbsent(importId, agency.id, [...ctx.seen.keys()]);
      } finally {
        archive.close();
      }
      await this.save(row, { ...counts, status: 'done', finishedAt: new Date(), fileKey: null });
      await this.deps.storage.deletePrivate(row.fileKey).catch(() => undefined);
      if (row.origin === 'url' && counts.refused > 0) await this.tell(agency, importId, refusedLinesMail(counts));
    } catch (err) {
      if (!(err instanceof FeedArchiveError)) throw err;
      // The whole feed is refused: nothing is withdrawn, what the lines before did is in the report.
      const error = feedText(FEED_MSG.importFailed, { reason: err.message });
      await this.report(importId, [{ line: null, reference: null, field: null, message: error }]);
      await this.save(row, { ...counts, status: 'failed', error, finishedAt: new Date(), fileKey: null });
      await this.deps.storage.deletePrivate(row.fileKey).catch(() => undefined);
      if (row.origin === 'url') await this.tell(agency, importId, failedImportMail(error));
    } finally {
      clearInterval(lease);
      await fsp.rm(tmp, { force: true });
    }
  }

  /** Writes an import's progress and tells the agency's open screens (subscription feedImportChanged). */
  private async save(row: FeedImport, patch: Partial<FeedImport>): Promise<void> {
    await this.deps.db.getRepository(FeedImport).update(row.id, patch);
    this.deps.pubsub.publish(Topic.FeedImportChanged, row.ownerId, { importId: row.id });
  }

  /**
   * Withdraws the agency's feed listings absent from this feed and tells integrators (`property.updated` with the
   * listing's new state, to the agency's hooks and the favouriters', as « Modifier » does), in one transaction of
   * three statements whatever their number (the withdrawal, the rows read back, one batched emit); reports each.
   */
  private async withdrawAbsent(importId: number, ownerId: number, present: string[]): Promise<number> {
    let queued = 0;
    const rows = await this.deps.db.transaction(async (tx) => {
      // A CTE so that the driver answers rows (a bare UPDATE … RETURNING answers [rows, count]).
      const ids: { id: number }[] = await tx.query(
        `WITH w AS (UPDATE properties SET listing_state = 'withdrawn', withdrawn_at = now(), feed_hash = NULL
           WHERE owner_id = $1 AND agency_reference IS NOT NULL AND listing_state <> 'withdrawn'
             AND NOT (agency_reference = ANY($2::text[]))
           RETURNING id)
         SELECT id FROM w`,
        [ownerId, present],
      );
      const withdrawn = ids.length ? await tx.getRepository(Property).findBy({ id: In(ids.map((r) => r.id)) }) : [];
      queued = await this.deps.webhooks.emitAll(
        tx,
        withdrawn.map((p) => ({
          type: 'property.updated' as const,
          userIds: [ownerId],
          favoritesOf: p.id,
          data: { property: propertyEventData(p), listingState: 'withdrawn' },
        })),
      );
      return withdrawn;
    });
    if (queued) this.deps.webhooks.nudge();
    await this.report(
      importId,
      rows
        .map((r) => r.agencyReference ?? '')
        .sort()
        .map((reference) => ({ line: null, reference, field: null, message: FEED_MSG.withdrawnAbsent })),
    );
    return rows.length;
  }

  /** E-mails the agency about an import it did not send itself (a failed mail is logged, never fails the job). */
  async tell(agency: User, importId: number | null, mail: (to: User, link: string) => Mail): Promise<void> {
    const link = `${this.deps.publicUrl}/my-properties/feeds${importId ? `?import=${importId}` : ''}`;
    try {
      await this.deps.mailer.send(mail(agency, link));
    } catch (err) {
      this.deps.logger.error({ err, importId }, 'feed mail failed');
    }
  }

  private async report(importId: number, lines: Omit<FeedImportLine, 'id' | 'importId'>[]): Promise<void> {
    if (!lines.length) return;
    await this.deps.db.getRepository(FeedImportLine).insert(
      lines.map((l) => ({
        importId,
        line: l.line,
        reference: l.reference?.slice(0, 60) ?? null,
        field: l.field?.slice(0, 60) ?? null,
        message: l.message.slice(0, 500),
      })),
    );
  }
}
