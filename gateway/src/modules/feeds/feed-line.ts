import { FEED_LIMITS, FEED_MSG, feedText, legalFields, MSG, ZLegacyProperty, ZProperty } from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import { AppError } from '../../lib/errors';
import { checkOutboundUrl, type OutboundPolicy } from '../../lib/outbound';
import type { Storage } from '../../storage/storage';
import type { GeocodingService } from '../geocoding/geocoding.service';
import { feedContactOf } from '../properties/lib/advertiser-contact';
import type { PropertiesService } from '../properties/properties.service';
import type { User } from '../users/user.entity';
import { photoUrlKey, sha256, storeFeedPhotos, type FeedPhotoFile } from './feed-photos';
import { POLIRIS_MIN_FIELDS } from './poliris-fields';
import { fieldLabel, mapPolirisLine, SOURCE_FIELD, type LineIssue, type MappedLine } from './poliris-mapping';
import type { FeedArchive } from './poliris-zip';

/** What became of one line. */
export type LineOutcome = 'created' | 'updated' | 'unchanged' | 'refused';

/** The result of one line: its outcome, whether it is a draft, and the report's lines for it. */
export interface LineResult {
  outcome: LineOutcome;
  draft: boolean;
  reference: string | null;
  issues: LineIssue[];
}

/** The listing fields the legal rules read: a line lacking one of them is a draft, not a refusal. */
const LEGAL_KEYS = new Set([...Object.keys(legalFields), 'dpeRating']);
// Stands for the photos while the rest of the line is validated (before anything is stored).
const PLACEHOLDER_IMAGE = '/uploads/listings/feed-placeholder.webp';

/** What one line needs around it. */
export interface LineContext {
  db: DataSource;
  storage: Storage;
  properties: PropertiesService;
  geocoding: GeocodingService;
  archive: FeedArchive;
  agency: User;
  /** Where a photo given by its URL may be fetched from (the outbound guard). */
  policy: OutboundPolicy;
  /** References already met in this feed, with their line. */
  seen: Map<string, number>;
  /**
   * The SHA-256 of each ZIP photo already read in this import (null: absent): a photo shown by many lines, or met
   * again the next night, is inflated and hashed once; its bytes are read again only if it must be stored.
   */
  photoHashes: Map<string, string | null>;
}

const refused = (reference: string | null, issue: LineIssue): LineResult => ({
  outcome: 'refused',
  draft: false,
  reference,
  issues: [issue],
});

/** The first zod issue as a report line, on the Poliris field it comes from. */
function issueOf(error: { issues: { path: PropertyKey[]; message: string }[] }): LineIssue {
  const first = error.issues[0];
  const key = String(first?.path?.[0] ?? '');
  const source = SOURCE_FIELD[key];
  return { field: source ? fieldLabel(source) : key || null, message: first?.message ?? MSG.invalidInput };
}

/**
 * Applies one line of the feed (docs/decisions.md « Agency feeds »): refused with its reason when it cannot be read,
 * placed or validated; unchanged (nothing written) when its digest is the one last applied; else created or updated
 * through the listing service, the path of the add-listing form and of « Modifier » (price history, price-drop
 * alerts, webhooks), published, or a draft with the reason when a legal mention is missing.
 */
export async function applyLine(ctx: LineContext, fields: string[], line: number): Promise<LineResult> {
  if (fields.length < POLIRIS_MIN_FIELDS)
    return refused((fields[1] ?? '').trim() || null, {
      field: null,
      message: feedText(FEED_MSG.tooFewFields, { count: fields.length, min: POLIRIS_MIN_FIELDS }),
    });
  const reference = (fields[1] ?? '').trim().slice(0, 60);
  if (!reference) return refused(null, { field: fieldLabel('reference'), message: FEED_MSG.referenceMissing });
  const first = ctx.seen.get(reference);
  if (first !== undefined)
    return refused(reference, {
      field: fieldLabel('reference'),
      message: feedText(FEED_MSG.duplicateReference, { reference, line: first }),
    });
  ctx.seen.set(reference, line);
  const mapped = mapPolirisLine(fields);
  if (!('input' in mapped)) return refused(reference, mapped);
  const issues: LineIssue[] = [];
  if (mapped.needsPlace && !(await place(ctx, mapped)))
    return refused(reference, { field: fieldLabel('latitude'), message: FEED_MSG.placeUnknown });

  const photos = await readPhotos(ctx, mapped.photos, issues);
  const digest = sha256(JSON.stringify([mapped.input, mapped.negotiator, photos.map((p) => p.sha256)]));
  const [existing]: { id: number; feed_hash: string | null; listing_state: string }[] = await ctx.db.query(
    `SELECT id, feed_hash, listing_state FROM properties WHERE owner_id = $1 AND agency_reference = $2`,
    [ctx.agency.id, reference],
  );
  if (existing && existing.feed_hash === digest && existing.listing_state !== 'withdrawn')
    return { outcome: 'unchanged', draft: existing.listing_state === 'draft', reference, issues: [] };

  const input = { ...mapped.input, ...feedContactOf(mapped.negotiator, ctx.agency), images: [PLACEHOLDER_IMAGE] };
  const strict = ZProperty.safeParse(input);
  let draftReason: string | null = null;
  if (!strict.success) {
    const nonLegal = strict.error.issues.filter((i) => !LEGAL_KEYS.has(String(i.path[0])));
    if (nonLegal.length) return refused(reference, issueOf({ issues: nonLegal }));
    const legalIssue = issueOf(strict.error);
    draftReason = feedText(FEED_MSG.draftReason, { reason: legalIssue.message });
    issues.push({ field: legalIssue.field, message: draftReason });
    const lenient = ZLegacyProperty.safeParse(input);
    if (!lenient.success) return refused(reference, issueOf(lenient.error));
  }

  const stored = await storeFeedPhotos(ctx, ctx.agency.id, photos);
  issues.push(...stored.issues);
  if (!stored.urls.length) return refused(reference, { field: 'photos', message: MSG.imagesMin });
  const columns = {
    listingState: draftReason ? ('draft' as const) : ('published' as const),
    draftReason,
    withdrawnAt: null,
    agencyReference: reference,
    feedHash: digest,
  };
  const data = { ...input, images: stored.urls };
  try {
    if (existing) await ctx.properties.update(ctx.agency, existing.id, data, columns);
    else await ctx.properties.create(ctx.agency, data, { legacy: Boolean(draftReason), columns });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const key = Object.keys(err.details.fields ?? {})[0];
    const source = key ? SOURCE_FIELD[key] : undefined;
    return refused(reference, { field: source ? fieldLabel(source) : (key ?? null), message: err.message });
  }
  return { outcome: existing ? 'updated' : 'created', draft: Boolean(draftReason), reference, issues };
}

/** Geocodes the line's address through the configured geocoder; false when it cannot be placed (never guessed). */
async function place(ctx: LineContext, mapped: MappedLine): Promise<boolean> {
  const { address, postalCode, city } = mapped.input as Record<string, string>;
  const q = [address, postalCode, city].filter(Boolean).join(' ');
  try {
    const [best] = await ctx.geocoding.search({ viewer: null, ip: `feed:${ctx.agency.id}` }, q);
    if (!best) return false;
    Object.assign(mapped.input, { latitude: best.latitude, longitude: best.longitude });
    return true;
  } catch {
    return false;
  }
}

/**
 * The line's photos (at most the listing's maximum): a name is read from the ZIP, an http(s) address is checked by
 * the outbound guard now and fetched only if never stored (storeFeedPhotos); a missing or refused one is reported,
 * not fatal.
 */
async function readPhotos(ctx: LineContext, names: string[], issues: LineIssue[]): Promise<FeedPhotoFile[]> {
  const out: FeedPhotoFile[] = [];
  for (const name of names.slice(0, FEED_LIMITS.photosPerListing)) {
    const shown = name.slice(0, 80);
    if (/^https?:\/\//i.test(name)) {
      const url = checkOutboundUrl(name, ctx.policy);
      if (!url) issues.push({ field: 'photos', message: feedText(FEED_MSG.photoUrlRefused, { name: shown }) });
      else out.push({ name, url, sha256: photoUrlKey(url) });
      continue;
    }
    const known = ctx.photoHashes.get(name);
    if (known) {
      out.push({ name, sha256: known, read: () => ctx.archive.readPhoto(name) });
      continue;
    }
    const data = known === null ? null : await ctx.archive.readPhoto(name);
    if (!data) {
      ctx.photoHashes.set(name, null);
      issues.push({ field: 'photos', message: feedText(FEED_MSG.photoMissing, { name: shown }) });
      continue;
    }
    const hash = sha256(data);
    ctx.photoHashes.set(name, hash);
    out.push({ name, data, sha256: hash });
  }
  return out;
}
