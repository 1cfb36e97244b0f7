import { LISTING_SIGNAL_LIMITS, type ListingSignal } from '@flaneur/schema';
import type { Queryable } from '../../db/prepared';
import type { Outbox } from '../../outbox/outbox';
import type { PropertyMarket } from '../market/market.types';
import type { Property } from '../properties/property.entity';
import type { User } from '../users/user.entity';
import { isNewAccount } from '../users/new-account';
import { sameHomeSql } from '../properties/same-home';

/** An e-mail lower-cased and trimmed; a French phone as its 10 digits (+33 / 0033 become 0); null when empty. */
export const emailKey = (email: string | null | undefined) => email?.trim().toLowerCase() || null;
export function phoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D+/g, '').replace(/^(0033|33)(?=[1-9]\d{8}$)/, '0');
  return digits.length >= 6 ? digits : null;
}

/** The outbox job comparing a listing's price with the market figures (marketSignal). */
export const LISTING_MARKET_SIGNALS_JOB = 'moderation.market-signals';

/**
 * prix_sous_marche: the listing's price per m² at least LISTING_SIGNAL_LIMITS.belowMarketPercent under the market —
 * the median of its comparable sales (only when there are enough of them: never a guess) or, for a rental, the
 * commune's predicted rent. Answers whether it was raised.
 */
export async function marketSignal(q: Queryable, propertyId: number, market: PropertyMarket): Promise<boolean> {
  const below = -LISTING_SIGNAL_LIMITS.belowMarketPercent;
  const sale = market.sales?.enough && (market.sales.differencePercent ?? 0) <= below;
  const rent = market.rent !== null && market.rent.differencePercent <= below;
  if (sale || rent) await addSignals(q, propertyId, ['prix_sous_marche']);
  return Boolean(sale || rent);
}

/** The outbox job comparing a listing's photos with every other account's (photoSignals). */
export const LISTING_PHOTO_SIGNALS_JOB = 'moderation.photo-signals';

interface Probe {
  same_place: { owner_id: number | null; state: string }[];
  hashed_photos: boolean;
  recent: number;
  shared_contact: boolean;
}

/** Adds signals to a listing's row (a signal once raised stays). */
async function addSignals(q: Queryable, propertyId: number, signals: ListingSignal[]): Promise<void> {
  if (!signals.length) return;
  await q.query(
    `INSERT INTO listing_signals (property_id, signals) VALUES ($1, $2::text[])
     ON CONFLICT (property_id) DO UPDATE
     SET signals = ARRAY(SELECT DISTINCT s FROM unnest(listing_signals.signals || EXCLUDED.signals) s ORDER BY s),
         updated_at = now()`,
    [propertyId, signals],
  );
}

/**
 * Raises the signals of a listing just written, inside the write's transaction (docs/decisions.md « Trust shield »),
 * in three statements whatever the listing: the contact details recorded, one probe, one upsert.
 * - meme_bien_autre_compte: a published or withdrawn listing of another account at the same home (same-home.ts:
 *   postal code, rooms, surface, transaction type, city and address), found through IDX_properties_same_home;
 * - republiee: `relisted` (a withdrawn listing published again: its feed line came back), or the same home as one
 *   of the account's own withdrawn listings;
 * - compte_recent_rafale: on creation, an account under 7 days old with more than 5 listings created in 24 h,
 *   unless it is professional (agency name and SIREN);
 * - coordonnees_partagees: the listing's or the account's e-mail or phone recorded on another account.
 * The photos (photos_autre_compte) are compared by a job queued with the write when `photosChanged` and one of
 * them has a hash: a scan of every photo's hash, kept off the request; the market price (prix_sous_marche) by a job
 * queued on creation and when the price, surface, type or place changed. Signals add up: one raised stays on the
 * listing. Answers the signals of this write and whether a job was queued (nudge the outbox after the commit).
 */
export async function raiseListingSignals(
  q: Queryable,
  outbox: Outbox,
  listing: Property,
  owner: User,
  opts: { created?: boolean; relisted?: boolean; photosChanged?: boolean; marketChanged?: boolean } = {},
): Promise<{ signals: ListingSignal[]; queued: boolean }> {
  const limits = LISTING_SIGNAL_LIMITS;
  const marks = new Map<string, { kind: 'email' | 'phone'; value: string }>();
  for (const value of [emailKey(listing.ownerEmail), emailKey(owner.email)])
    if (value) marks.set(`email:${value}`, { kind: 'email', value });
  for (const value of [phoneKey(listing.ownerPhone), phoneKey(owner.phone)])
    if (value) marks.set(`phone:${value}`, { kind: 'phone', value });
  const kinds = [...marks.values()].map((m) => m.kind);
  const values = [...marks.values()].map((m) => m.value);
  if (kinds.length)
    await q.query(
      `INSERT INTO contact_marks (kind, value, user_id) SELECT k, v, $3 FROM unnest($1::varchar[], $2::varchar[]) AS m(k, v)
       ON CONFLICT DO NOTHING`,
      [kinds, values, owner.id],
    );
  const [probe]: Probe[] = await q.query(
    `SELECT
       (SELECT coalesce(json_agg(json_build_object('owner_id', s.owner_id, 'state', s.listing_state)), '[]')
        FROM properties l JOIN properties s ON ${sameHomeSql('l', 's')}
        WHERE l.id = $1 AND s.id <> $1 AND s.listing_state IN ('published', 'withdrawn')) AS same_place,
       EXISTS (SELECT 1 FROM photo_hashes h WHERE h.url = ANY($3::varchar[])) AS hashed_photos,
       (SELECT count(*)::int FROM properties r
        WHERE r.owner_id = $2 AND r.created_at > now() - make_interval(hours => $4)) AS recent,
       EXISTS (
         SELECT 1 FROM contact_marks c JOIN unnest($5::varchar[], $6::varchar[]) AS m(k, v) ON c.kind = m.k AND c.value = m.v
         WHERE c.user_id <> $2
       ) AS shared_contact`,
    [listing.id, owner.id, listing.images, limits.burstHours, kinds, values],
  );
  const samePlace = probe.same_place;
  const signals: ListingSignal[] = [];
  if (samePlace.some((s) => s.owner_id !== owner.id)) signals.push('meme_bien_autre_compte');
  if (opts.relisted || samePlace.some((s) => s.owner_id === owner.id && s.state === 'withdrawn'))
    signals.push('republiee');
  const professional = Boolean(owner.agencyName && owner.siren);
  if (opts.created && isNewAccount(owner) && !professional && probe.recent > limits.burstListings)
    signals.push('compte_recent_rafale');
  if (probe.shared_contact) signals.push('coordonnees_partagees');
  await addSignals(q, listing.id, signals);
  const photos = Boolean(opts.photosChanged && probe.hashed_photos);
  if (photos) await outbox.enqueue(q, LISTING_PHOTO_SIGNALS_JOB, { propertyId: listing.id });
  // The market figures read several tables: compared off the request too, when the price or the place may have moved.
  const market = Boolean(opts.created || opts.marketChanged);
  if (market) await outbox.enqueue(q, LISTING_MARKET_SIGNALS_JOB, { propertyId: listing.id });
  return { signals, queued: photos || market };
}

/**
 * The job of photos_autre_compte: one of the listing's photos within LISTING_SIGNAL_LIMITS.photoHammingMax bits of
 * a photo shown by a published or withdrawn listing of another account, that was there « already »: that listing
 * is older, or its photo was stored before ours (the original is not flagged by its copy). The account's own photos
 * never count; the same URL copied onto another account's listing is distance 0. One statement: the hashes are scanned once for
 * all the listing's photos, the listings found through IDX_properties_images. Nothing when the listing is gone.
 */
export async function photoSignals(q: Queryable, propertyId: number): Promise<boolean> {
  const [row]: { hit: boolean }[] = await q.query(
    `WITH p AS (SELECT id, owner_id, images, created_at FROM properties WHERE id = $1),
     near AS (
       SELECT array_agg(DISTINCT n.url::text) AS urls,
              coalesce(array_agg(DISTINCT n.url::text) FILTER (WHERE n.created_at < mine.created_at), '{}') AS earlier
       FROM p JOIN photo_hashes mine ON mine.url = ANY(p.images)
       JOIN photo_hashes n ON bit_count((n.hash # mine.hash)::bit(64)) <= $2)
     SELECT EXISTS (
       SELECT 1 FROM p, near, properties o
       WHERE o.images && near.urls AND (o.created_at < p.created_at OR o.images && near.earlier)
         AND o.id <> p.id AND o.owner_id IS DISTINCT FROM p.owner_id AND o.listing_state IN ('published', 'withdrawn')
     ) AS hit`,
    [propertyId, LISTING_SIGNAL_LIMITS.photoHammingMax],
  );
  if (row?.hit) await addSignals(q, propertyId, ['photos_autre_compte']);
  return Boolean(row?.hit);
}
