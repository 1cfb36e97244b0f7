import { Field, Int, ObjectType } from 'type-graphql';
import type { DataSource } from 'typeorm';

/** What a listing drew, as its owner sees it (never shown to anyone else). */
@ObjectType({ description: "What a listing drew, shown to its owner only (the owner's own activity not counted)." })
export class PropertyStats {
  @Field(() => Int, { description: 'Users who opened the listing (its Découvertes entries marked viewed).' })
  views: number;

  @Field(() => Int, { description: 'Users who keep the listing in their favourites.' })
  favorites: number;

  @Field(() => Int, { description: 'Conversations about the listing.' })
  conversations: number;
}

/** The stats of several listings in one statement, in the order of `ids` (zeros for a listing nobody saw). */
export async function loadPropertyStats(db: DataSource, ids: readonly number[]): Promise<PropertyStats[]> {
  const rows: { id: number; views: string; favorites: string; conversations: string }[] = await db.query(
    `SELECT p.id,
       (SELECT count(*) FROM history_entries h
         WHERE h.property_id = p.id AND h.is_viewed AND h.user_id IS DISTINCT FROM p.owner_id) AS views,
       (SELECT count(*) FROM favorites f
         WHERE f.property_id = p.id AND f.user_id IS DISTINCT FROM p.owner_id) AS favorites,
       (SELECT count(*) FROM conversations c WHERE c.property_id = p.id) AS conversations
     FROM properties p WHERE p.id = ANY($1::int[])`,
    [[...ids]],
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.map((id) => {
    const r = byId.get(id);
    return {
      views: Number(r?.views ?? 0),
      favorites: Number(r?.favorites ?? 0),
      conversations: Number(r?.conversations ?? 0),
    };
  });
}
