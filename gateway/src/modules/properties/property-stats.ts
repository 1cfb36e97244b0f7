import { LISTING_STATS } from '@flaneur/schema';
import type { GraphQLResolveInfo } from 'graphql';
import { Field, Int, ObjectType } from 'type-graphql';
import type { DataSource } from 'typeorm';

const HIDDEN_NOTE = `null when 1 to ${LISTING_STATS.shownFrom - 1} (« moins de ${LISTING_STATS.shownFrom} »: no single visitor can be singled out); 0 and ${LISTING_STATS.shownFrom}+ exact`;

/** The walk-by funnel of a listing over one period (the owner's own activity never counted). */
@ObjectType({ description: "A listing's walk-by funnel over one period, the owner's own activity not counted." })
export class PropertyStatsPeriod {
  @Field(() => Int, {
    nullable: true,
    description: `Distinct walkers who discovered the listing while walking in the period; ${HIDDEN_NOTE}.`,
  })
  passedBy: number | null;

  @Field(() => Int, {
    nullable: true,
    description: `Distinct users whose latest opening of the listing falls in the period; ${HIDDEN_NOTE}.`,
  })
  viewed: number | null;

  @Field(() => Int, {
    nullable: true,
    description: `Users who added the listing to their favourites in the period (and keep it); ${HIDDEN_NOTE}.`,
  })
  favorited: number | null;

  @Field(() => Int, {
    nullable: true,
    description: `Distinct users who started a conversation or sent a visit request about it in the period; ${HIDDEN_NOTE}.`,
  })
  contacted: number | null;
}

/** What a listing drew, as its owner sees it (never shown to anyone else). */
@ObjectType({
  description:
    "What a listing drew, shown to its owner only (the owner's own activity not counted): the funnel of the last `days` days (passedBy → viewed → favorited → contacted) and of the same length just before (previous).",
})
export class PropertyStats extends PropertyStatsPeriod {
  @Field(() => Int, { description: 'Length of the period in days (7 or 30), ending now.' })
  days: number;

  @Field(() => PropertyStatsPeriod, {
    description: 'The same counts over the period of the same length just before (from 2 × days to days ago).',
  })
  previous: PropertyStatsPeriod;

  @Field(() => Int, {
    description: 'Users who opened the listing, all time.',
    deprecationReason: 'Use viewed (per period, small counts hidden).',
  })
  views: number;

  @Field(() => Int, {
    description: 'Users who keep the listing in their favourites, all time.',
    deprecationReason: 'Use favorited (per period, small counts hidden).',
  })
  favorites: number;

  @Field(() => Int, {
    description: 'Conversations about the listing, all time.',
    deprecationReason: 'Use contacted (per period, small counts hidden).',
  })
  conversations: number;
}

/** The REST shape of a listing's stats: `{ passedBy, viewed, favorited, contacted, previous: { … } }`. */
export function statsJson(s: PropertyStats) {
  const period = (p: PropertyStatsPeriod) => ({
    passedBy: p.passedBy,
    viewed: p.viewed,
    favorited: p.favorited,
    contacted: p.contacted,
  });
  return { ...period(s), previous: period(s.previous) };
}

/** A count as shown: 1 to 2 become null so that no single visitor can be singled out. */
export function hideSmall(n: number): number | null {
  return n > 0 && n < LISTING_STATS.shownFrom ? null : n;
}

/**
 * True when the field is read on a listing inside a list (a search page, favourites, Découvertes…): there, someone
 * else's listing answers null instead of an error, so that a list never fills with errors.
 */
export function readInList(info: Pick<GraphQLResolveInfo, 'path'>): boolean {
  for (let p = info.path.prev; p; p = p.prev) if (typeof p.key === 'number') return true;
  return false;
}

/** A walk discovery among Découvertes entries (not a panel's QR code, not the simulation, not a mere opening). */
const WALK_ENTRY = `h.source = 'walk'`;

interface StatsRow {
  id: number;
  views: string;
  favorites: string;
  conversations: string;
  passed_cur: string;
  passed_prev: string;
  viewed_cur: string;
  viewed_prev: string;
  fav_cur: string;
  fav_prev: string;
  contact_cur: string;
  contact_prev: string;
}

/**
 * The stats of several listings over the last `days` days (and the `days` before) in one statement, in the order
 * of `ids` (zeros for a listing nobody saw). The current period is (now − days, now], the previous one
 * (now − 2 × days, now − days].
 */
export async function loadPropertyStats(
  db: DataSource,
  ids: readonly number[],
  days: number = LISTING_STATS.defaultDays,
): Promise<PropertyStats[]> {
  const rows: StatsRow[] = await db.query(
    `WITH b AS (SELECT now() - make_interval(days => $2::int) AS cur_from,
                       now() - make_interval(days => 2 * $2::int) AS prev_from)
     SELECT p.id,
       (SELECT count(*) FROM history_entries h
         WHERE h.property_id = p.id AND h.is_viewed AND h.user_id IS DISTINCT FROM p.owner_id) AS views,
       (SELECT count(*) FROM favorites f
         WHERE f.property_id = p.id AND f.user_id IS DISTINCT FROM p.owner_id) AS favorites,
       (SELECT count(*) FROM conversations c WHERE c.property_id = p.id) AS conversations,
       passed.cur AS passed_cur, passed.prev AS passed_prev,
       viewed.cur AS viewed_cur, viewed.prev AS viewed_prev,
       fav.cur AS fav_cur, fav.prev AS fav_prev,
       contact.cur AS contact_cur, contact.prev AS contact_prev
     FROM properties p CROSS JOIN b
     CROSS JOIN LATERAL (
       SELECT count(*) FILTER (WHERE h.discovered_at > b.cur_from) AS cur,
              count(*) FILTER (WHERE h.discovered_at <= b.cur_from) AS prev
       FROM history_entries h
       WHERE h.property_id = p.id AND ${WALK_ENTRY} AND h.user_id IS DISTINCT FROM p.owner_id
         AND h.discovered_at > b.prev_from AND h.discovered_at <= now()) passed
     CROSS JOIN LATERAL (
       SELECT count(*) FILTER (WHERE h.viewed_at > b.cur_from) AS cur,
              count(*) FILTER (WHERE h.viewed_at <= b.cur_from) AS prev
       FROM history_entries h
       WHERE h.property_id = p.id AND h.is_viewed AND h.user_id IS DISTINCT FROM p.owner_id
         AND h.viewed_at > b.prev_from AND h.viewed_at <= now()) viewed
     CROSS JOIN LATERAL (
       SELECT count(*) FILTER (WHERE f.created_at > b.cur_from) AS cur,
              count(*) FILTER (WHERE f.created_at <= b.cur_from) AS prev
       FROM favorites f
       WHERE f.property_id = p.id AND f.user_id IS DISTINCT FROM p.owner_id
         AND f.created_at > b.prev_from AND f.created_at <= now()) fav
     CROSS JOIN LATERAL (
       SELECT count(DISTINCT x.uid) FILTER (WHERE x.at > b.cur_from) AS cur,
              count(DISTINCT x.uid) FILTER (WHERE x.at <= b.cur_from) AS prev
       FROM (SELECT CASE WHEN c.user1_id = p.owner_id THEN c.user2_id ELSE c.user1_id END AS uid, c.created_at AS at
               FROM conversations c WHERE c.property_id = p.id
             UNION ALL
             SELECT r.requester_id, r.created_at FROM visit_requests r WHERE r.property_id = p.id) x
       WHERE x.uid IS DISTINCT FROM p.owner_id AND x.at > b.prev_from AND x.at <= now()) contact
     WHERE p.id = ANY($1::int[])`,
    [[...ids], days],
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.map((id) => {
    const r = byId.get(id);
    const n = (v: string | undefined) => Number(v ?? 0);
    const shown = (v: string | undefined) => hideSmall(n(v));
    return {
      days,
      passedBy: shown(r?.passed_cur),
      viewed: shown(r?.viewed_cur),
      favorited: shown(r?.fav_cur),
      contacted: shown(r?.contact_cur),
      previous: {
        passedBy: shown(r?.passed_prev),
        viewed: shown(r?.viewed_prev),
        favorited: shown(r?.fav_prev),
        contacted: shown(r?.contact_prev),
      },
      views: n(r?.views),
      favorites: n(r?.favorites),
      conversations: n(r?.conversations),
    };
  });
}
