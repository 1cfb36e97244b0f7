import { Field, ID, ObjectType } from 'type-graphql';
import type { Queryable } from '../../db/prepared';
import { listingOpenSql } from './lib/listing-visibility';
import { firstNameOf } from '../users/public-user.type';
import { keySql } from './lib/home-key';

/*
 * The one rule of « the same home » (docs/decisions.md « Trust shield: duplicates merged »), read by the signal
 * meme_bien_autre_compte and by the merge of Découvertes and the Explorer.
 */

/**
 * SQL: the listings of aliases `a` and `b` are the same home — the same stored key (home-key.ts: postal code, rooms,
 * surface, sale or rental, city and address compared on their letters and digits: communes share postal codes), the
 * same property type, and the same floor when both say one (identical flats on two floors of one building are two
 * homes). Who published them is not part of it (sameHomeOtherAccountSql).
 */
export function sameHomeSql(a: string, b: string): string {
  return `(${b}.home_key = ${a}.home_key AND ${b}.type = ${a}.type
    AND (${a}.floor IS NULL OR ${b}.floor IS NULL OR ${keySql(`${b}.floor`)} = ${keySql(`${a}.floor`)}))`;
}

/**
 * SQL: `b` is the same home as `a`, published by another account (a duplicate; the same account twice is not, nor a
 * listing without an account: there is no other account to speak of). `a`'s account is tested first, on its own, so
 * that PostgreSQL skips the look-up for a listing without one.
 */
export function sameHomeOtherAccountSql(a: string, b: string): string {
  return `(${a}.owner_id IS NOT NULL AND ${sameHomeSql(a, b)} AND ${b}.owner_id <> ${a}.owner_id)`;
}

/** SQL: the order in which twins are shown: published first, then « Vérifié sur place », then the oldest. */
const rankSql = (x: string) =>
  `(${x}.listing_state <> 'published', ${x}.verified_on_site_at IS NULL, ${x}.created_at, ${x}.id)`;

/** SQL: `b` is shown rather than `a` when both are in the same list. */
export function shownBeforeSql(a: string, b: string): string {
  return `${rankSql(b)} < ${rankSql(a)}`;
}

/**
 * SQL: `b` is a duplicate of `a` shown rather than it: when both are in a list, `a` leaves it (merged), and `b`
 * names `a`'s account in « Aussi publiée par ». The list adds what makes `b` one of its rows.
 */
export function shownTwinSql(a: string, b: string): string {
  return `${sameHomeOtherAccountSql(a, b)} AND ${shownBeforeSql(a, b)}`;
}

/** Another account publishing the same home: « Aussi publiée par … ». */
@ObjectType({ description: 'Another account publishing the same home (« Aussi publiée par … »).' })
export class Publisher {
  @Field({ description: "The agency name of a professional account, else the owner's first name." })
  name: string;

  @Field({ description: 'A professional account (agency).' })
  isAgency: boolean;

  @Field(() => ID, { description: "That account's listing of the home (the first one shown of its listings)." })
  propertyId: number;
}

interface PublisherRow {
  id: number;
  twin_id: number;
  owner_id: number;
  agency_name: string | null;
  first_name: string | null;
  username: string;
  deleted_at: Date | null;
}

/**
 * The other accounts publishing the same home as each listing (one statement for all of them, in the order of
 * `ids`): the owners of its duplicates whose page opens to anyone (published or withdrawn, not held back by
 * moderation), one per account, in the order the twins are shown.
 */
export async function loadAlsoPublishedBy(q: Queryable, ids: readonly number[]): Promise<Publisher[][]> {
  const rows: PublisherRow[] = ids.length
    ? await q.query(
        `SELECT p.id, b.id AS twin_id, u.id AS owner_id, u.agency_name, u.first_name, u.username, u.deleted_at
         FROM properties p
         JOIN properties b ON ${sameHomeOtherAccountSql('p', 'b')} AND ${listingOpenSql('b')}
         JOIN users u ON u.id = b.owner_id
         WHERE p.id = ANY($1::int[])
         ORDER BY p.id, ${rankSql('b')}`,
        [ids],
      )
    : [];
  // One publisher per account and listing: the first row of an account is its twin shown first.
  const byListing = new Map<number, Map<number, Publisher>>();
  for (const r of rows) {
    const found = byListing.get(Number(r.id)) ?? new Map<number, Publisher>();
    byListing.set(Number(r.id), found);
    if (found.has(r.owner_id)) continue;
    const agency = r.deleted_at ? null : r.agency_name?.trim() || null;
    const person = { firstName: r.first_name, username: r.username, deletedAt: r.deleted_at };
    found.set(r.owner_id, {
      name: agency ?? firstNameOf(person),
      isAgency: Boolean(agency),
      propertyId: Number(r.twin_id),
    });
  }
  return ids.map((id) => [...(byListing.get(Number(id))?.values() ?? [])]);
}
