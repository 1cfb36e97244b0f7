import {
  LISTING_SIGNAL_LABELS,
  MESSAGE_SIGNAL_LABELS,
  MODERATION_LIMITS,
  REPORT_REASON_LABELS,
  type ListingSignal,
  type MessageSignal,
  type ReportReason,
} from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import type { ModerationQueue } from './moderation.types';

const labels = (reasons: string[] | null, signals: string[] | null, listingSignals: string[] | null = null) => [
  ...(reasons ?? []).map((r) => REPORT_REASON_LABELS[r as ReportReason] ?? r),
  ...(signals ?? []).map((s) => MESSAGE_SIGNAL_LABELS[s as MessageSignal] ?? s),
  ...(listingSignals ?? []).map((s) => LISTING_SIGNAL_LABELS[s as ListingSignal] ?? s),
];

interface Row {
  id: number;
  reports: number;
  flagged: number;
  reasons: string[] | null;
  signals: string[] | null;
}

/**
 * The queue in two statements: listings ranked by their reports plus the flagged messages their owner sent in
 * their conversations plus their own signals (listing_signals, raised when published or changed); accounts ranked by the reports about them plus their flagged messages plus the distinct signals of their
 * listings. Ties: latest first.
 */
export async function readQueue(db: DataSource): Promise<ModerationQueue> {
  const limit = MODERATION_LIMITS.queueSize;
  const listings: (Row & {
    title: string;
    owner_id: number | null;
    username: string | null;
    hidden: boolean;
    listing_signals: string[] | null;
  })[] = await db.query(
    `WITH rep AS (
         SELECT target_id AS id, count(*)::int AS n, array_agg(DISTINCT reason::text) AS reasons, max(created_at) AS at
         FROM reports WHERE target_type = 'property' GROUP BY target_id),
       sig AS (
         SELECT c.property_id AS id, count(DISTINCT m.id)::int AS n, array_agg(DISTINCT s) AS signals, max(m.sent_at) AS at
         FROM messages m JOIN conversations c ON c.id = m.conversation_id
         JOIN properties p ON p.id = c.property_id AND p.owner_id = m.sender_id
         CROSS JOIN LATERAL unnest(m.signals) s
         WHERE cardinality(m.signals) > 0 GROUP BY c.property_id),
       ls AS (
         SELECT property_id AS id, signals, updated_at AS at FROM listing_signals WHERE cardinality(signals) > 0)
       SELECT p.id, p.title, p.owner_id, u.username, p.hidden_at IS NOT NULL AS hidden,
              coalesce(rep.n, 0) AS reports, coalesce(sig.n, 0) AS flagged, rep.reasons, sig.signals,
              ls.signals AS listing_signals
       FROM properties p
       LEFT JOIN rep ON rep.id = p.id LEFT JOIN sig ON sig.id = p.id LEFT JOIN ls ON ls.id = p.id
       LEFT JOIN users u ON u.id = p.owner_id
       WHERE rep.id IS NOT NULL OR sig.id IS NOT NULL OR ls.id IS NOT NULL
       ORDER BY coalesce(rep.n, 0) + coalesce(sig.n, 0) + coalesce(cardinality(ls.signals), 0) DESC,
                greatest(rep.at, sig.at, ls.at) DESC, p.id DESC
       LIMIT $1`,
    [limit],
  );
  const accounts: (Row & { username: string; suspended: boolean; listing_signals: string[] | null })[] = await db.query(
    `WITH rep AS (
         SELECT subject_user_id AS id, count(*)::int AS n, array_agg(DISTINCT reason::text) AS reasons, max(created_at) AS at
         FROM reports WHERE subject_user_id IS NOT NULL GROUP BY subject_user_id),
       sig AS (
         SELECT m.sender_id AS id, count(DISTINCT m.id)::int AS n, array_agg(DISTINCT s) AS signals, max(m.sent_at) AS at
         FROM messages m CROSS JOIN LATERAL unnest(m.signals) s
         WHERE cardinality(m.signals) > 0 GROUP BY m.sender_id),
       ls AS (
         SELECT p.owner_id AS id, array_agg(DISTINCT s ORDER BY s) AS signals, max(l.updated_at) AS at
         FROM listing_signals l JOIN properties p ON p.id = l.property_id CROSS JOIN LATERAL unnest(l.signals) s
         WHERE p.owner_id IS NOT NULL GROUP BY p.owner_id)
       SELECT u.id, u.username, u.suspended_at IS NOT NULL AS suspended,
              coalesce(rep.n, 0) AS reports, coalesce(sig.n, 0) AS flagged, rep.reasons, sig.signals,
              ls.signals AS listing_signals
       FROM users u LEFT JOIN rep ON rep.id = u.id LEFT JOIN sig ON sig.id = u.id LEFT JOIN ls ON ls.id = u.id
       WHERE (rep.id IS NOT NULL OR sig.id IS NOT NULL OR ls.id IS NOT NULL) AND u.deleted_at IS NULL
       ORDER BY coalesce(rep.n, 0) + coalesce(sig.n, 0) + coalesce(cardinality(ls.signals), 0) DESC,
                greatest(rep.at, sig.at, ls.at) DESC, u.id DESC
       LIMIT $1`,
    [limit],
  );
  return {
    listings: listings.map((r) => ({
      propertyId: r.id,
      title: r.title,
      ownerId: r.owner_id,
      ownerUsername: r.username,
      hidden: r.hidden,
      reportCount: r.reports,
      flaggedMessageCount: r.flagged,
      signals: (r.listing_signals ?? []) as ListingSignal[],
      score: r.reports + r.flagged + (r.listing_signals?.length ?? 0),
      reasons: labels(r.reasons, r.signals, r.listing_signals),
    })),
    accounts: accounts.map((r) => ({
      userId: r.id,
      username: r.username,
      suspended: r.suspended,
      reportCount: r.reports,
      flaggedMessageCount: r.flagged,
      signals: (r.listing_signals ?? []) as ListingSignal[],
      score: r.reports + r.flagged + (r.listing_signals?.length ?? 0),
      reasons: labels(r.reasons, r.signals, r.listing_signals),
    })),
  };
}
