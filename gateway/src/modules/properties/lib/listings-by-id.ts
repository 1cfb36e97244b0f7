import type { DataSource } from 'typeorm';
import { preparedRunner } from '../../../db/prepared';
import { listingJson, Property, type ListingJson } from '../property.entity';

/**
 * Reads listings by id in their REST shape (listingJson) with one prepared statement and no entity: the columns TypeORM
 * selects, under their property names, come back from pg with the values TypeORM would hydrate (numerics as decimal
 * strings, timestamps as Dates, arrays and JSON parsed). Answers them in the order of `ids`, missing ones left out.
 */
export function listingsById(db: DataSource): (ids: number[]) => Promise<ListingJson[]> {
  const sql = preparedRunner(db);
  let text: string | undefined;
  return async (ids) => {
    if (!ids.length) return [];
    text ??= `SELECT ${db
      .getMetadata(Property)
      .columns.filter((c) => c.isSelect && !c.isVirtual)
      .map((c) => `"${c.databaseName}" AS "${c.propertyName}"`)
      .join(', ')} FROM properties WHERE id = ANY($1::int[])`;
    const rows: Property[] = await sql.query(text, [ids]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [listingJson(row)] : [];
    });
  };
}
