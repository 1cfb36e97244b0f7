import { FEED_LIMITS, FEED_MSG, feedText } from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { checkOutboundUrl, DownloadError, downloadBuffer, type OutboundPolicy } from '../../lib/outbound';
import { nextParisHour } from '../../lib/paris-time';
import { requireViewer } from '../../lib/viewer';
import type { Outbox } from '../../outbox/outbox';
import { isProfessionalAccount } from '../properties/lib/advertiser-contact';
import { User } from '../users/user.entity';
import type { FeedImport } from './feed-import.entity';
import { FeedSource } from './feed-source.entity';
import { failedImportMail } from './feeds.mails';
import { type FeedsService, isZipBytes } from './feeds.service';

/** The outbox kind of one fetch of an agency's registered feed address. */
export const FEED_FETCH_JOB = 'feeds.fetch';

/** Paris hour of the nightly fetch (after the agency software's own nightly export; outside the DST hours). */
const FETCH_HOUR = 4;
/** The fetches of a night are spread over this many minutes, by agency. */
const SPREAD_MIN = 60;
const FETCH_TIMEOUT_MS = 120_000;
const SWEEP_EVERY_MS = 5 * 60_000;

const DOWNLOAD_MSG: Record<DownloadError['kind'], string> = {
  redirect: FEED_MSG.fetchRedirect,
  status: FEED_MSG.fetchStatus,
  tooLarge: FEED_MSG.fetchTooLarge,
  timeout: FEED_MSG.fetchTimeout,
  address: FEED_MSG.fetchAddress,
  network: FEED_MSG.fetchNetwork,
};

/** When an agency's address is fetched next: tonight's 04:00 in Paris, plus its place in the night's spread. */
export function nextFetchAt(ownerId: number, now = new Date()): Date {
  return new Date(nextParisHour(FETCH_HOUR, now).getTime() + (ownerId % SPREAD_MIN) * 60_000);
}

/**
 * An agency's registered feed address: checked as every URL a user gives us (public HTTPS only, checked again on
 * the address each fetch connects to, redirects refused, size and time bounded), fetched every night through the
 * durable outbox, and imported as an uploaded feed is.
 */
export class FeedSourcesService {
  private readonly policy: OutboundPolicy;

  constructor(
    private readonly deps: {
      db: DataSource;
      outbox: Outbox;
      logger: Logger;
      feeds: FeedsService;
      isProduction: boolean;
    },
  ) {
    this.policy = { isProduction: deps.isProduction };
    deps.outbox.register<{ ownerId: number }>(FEED_FETCH_JOB, async (p) => {
      await this.fetch(p.ownerId);
    });
  }

  /** The viewer's registered address, or null. */
  async get(viewer: User | null): Promise<FeedSource | null> {
    const me = this.agency(viewer);
    return this.deps.db.getRepository(FeedSource).findOneBy({ ownerId: me.id });
  }

  /** Registers (or replaces) the viewer's address: 400 when it is not a public HTTPS URL. */
  async set(viewer: User | null, url: unknown): Promise<FeedSource> {
    const me = this.agency(viewer);
    const checked = typeof url === 'string' ? checkOutboundUrl(url.trim(), this.policy) : null;
    if (!checked)
      throw new AppError('BAD_USER_INPUT', FEED_MSG.sourceUrlInvalid, { fields: { url: FEED_MSG.sourceUrlInvalid } });
    const row = { ownerId: me.id, url: checked.href, nextFetchAt: nextFetchAt(me.id), lastError: null };
    await this.deps.db.getRepository(FeedSource).upsert(row, ['ownerId']);
    return await this.deps.db.getRepository(FeedSource).findOneByOrFail({ ownerId: me.id });
  }

  /** Forgets the viewer's address (the listings stay as the last import left them). Answers whether one was there. */
  async remove(viewer: User | null): Promise<boolean> {
    const me = this.agency(viewer);
    const res = await this.deps.db.getRepository(FeedSource).delete({ ownerId: me.id });
    return (res.affected ?? 0) > 0;
  }

  /** « Récupérer maintenant »: queues a fetch of the viewer's address (404 when none; 409 while an import runs). */
  async fetchNow(viewer: User | null): Promise<void> {
    const me = this.agency(viewer);
    if (!(await this.deps.db.getRepository(FeedSource).existsBy({ ownerId: me.id })))
      throw notFound(FEED_MSG.sourceNotFound);
    await this.deps.feeds.assertIdle(me.id);
    await this.deps.outbox.add(FEED_FETCH_JOB, { ownerId: me.id });
  }

  /**
   * Queues the fetches that are due and moves each to the next night, in one statement per fetch with its job, so
   * that with several instances each address is fetched once a night. Answers how many were queued.
   */
  async queueDue(now = new Date()): Promise<number> {
    const due: { owner_id: number }[] = await this.deps.db.query(
      `SELECT owner_id FROM feed_sources WHERE next_fetch_at <= $1 ORDER BY next_fetch_at LIMIT 500`,
      [now],
    );
    let queued = 0;
    for (const { owner_id: ownerId } of due) {
      const took = await this.deps.db.transaction(async (tx) => {
        const moved = await tx.query(
          `UPDATE feed_sources SET next_fetch_at = $2 WHERE owner_id = $1 AND next_fetch_at <= $3 RETURNING owner_id`,
          [ownerId, nextFetchAt(ownerId, now), now],
        );
        if (!moved[0]?.length) return false;
        await this.deps.outbox.enqueue(tx, FEED_FETCH_JOB, { ownerId });
        return true;
      });
      if (took) queued++;
    }
    if (queued) this.deps.outbox.nudge();
    return queued;
  }

  /** Looks for due fetches at start and every few minutes; the timer never keeps the process alive. */
  schedule(): () => void {
    const run = () => void this.queueDue().catch((err) => this.deps.logger.error({ err }, 'feed fetch sweep failed'));
    run();
    const timer = setInterval(run, SWEEP_EVERY_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** The job: downloads the address and queues its import; a refused download is recorded and e-mailed. */
  private async fetch(ownerId: number): Promise<FeedImport | null> {
    const repo = this.deps.db.getRepository(FeedSource);
    const source = await repo.findOneBy({ ownerId });
    const agency = await this.deps.db.getRepository(User).findOneBy({ id: ownerId });
    if (!source || !agency) return null;
    let failure: string | null = null;
    let created: FeedImport | null = null;
    try {
      const zip = await this.download(source.url);
      created = await this.deps.feeds.queue(ownerId, zip, 'url');
    } catch (err) {
      if (err instanceof DownloadError)
        failure = feedText(DOWNLOAD_MSG[err.kind], { status: err.status, max: FEED_LIMITS.zipMaxBytes });
      else if (err instanceof AppError) failure = err.message;
      else throw err;
    }
    await repo.update({ ownerId }, { lastFetchAt: new Date(), lastError: failure });
    if (failure) {
      this.deps.logger.warn({ ownerId, failure }, 'feed fetch refused');
      await this.deps.feeds.tell(agency, null, failedImportMail(failure));
    }
    return created;
  }

  private async download(address: string): Promise<Buffer> {
    const url = checkOutboundUrl(address, this.policy);
    if (!url) throw new AppError('BAD_USER_INPUT', FEED_MSG.sourceUrlInvalid);
    const zip = await downloadBuffer(url, {
      policy: this.policy,
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: FEED_LIMITS.zipMaxBytes,
      userAgent: 'Flaneur-Feeds/1.0',
      accept: 'application/zip, application/octet-stream',
    });
    if (!isZipBytes(zip)) throw new AppError('BAD_USER_INPUT', FEED_MSG.notZip);
    return zip;
  }

  private agency(viewer: User | null): User {
    const me = requireViewer(viewer);
    if (!isProfessionalAccount(me)) throw forbidden(FEED_MSG.notAgency);
    return me;
  }
}
