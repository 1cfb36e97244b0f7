import { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * As of this migration, written out: a migration imports no live code, so a later change there cannot change it.
 */
/** The position on discovery's index plane (as DiscoveryKnn: longitude × 0.688, latitude). */
const GEO = `(point(longitude::float8 * 0.688, latitude::float8))`;
const covering = (rooms: boolean) =>
  `INCLUDE ("price", "size", "bedrooms", ${rooms ? '"rooms", ' : ''}"bathrooms", "features", "owner_id", "latitude", "longitude", "id")`;
/** Discovery's GiST indexes (DiscoveryKnn, DiscoveryScopes): name and partial predicate. */
const GEO_INDEXES: [string, string | null][] = [
  ['all', null],
  ['sale', `"is_rental" = false`],
  ['rent', `"is_rental" = true`],
  ...[false, true].flatMap((rental) =>
    ['apartment', 'house', 'villa'].map(
      (type) =>
        [`${rental ? 'rent' : 'sale'}_${type}`, `"is_rental" = ${rental} AND "type" = '${type}'`] as [string, string],
    ),
  ),
];

/**
 * Listings gain their number of rooms (« pièces », what French buyers and tenants search by; a studio has 1).
 * Existing listings get their bedrooms + 1 (the living room), at least 1. Discovery filters on it, so its
 * GiST indexes cover it too (their scans stay index-only).
 */
export class PropertyRooms1795480491932 implements MigrationInterface {
  name = 'PropertyRooms1795480491932';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "properties" ADD "rooms" integer`);
    await queryRunner.query(`UPDATE "properties" SET "rooms" = LEAST(20, GREATEST(1, "bedrooms" + 1))`);
    await queryRunner.query(`ALTER TABLE "properties" ALTER COLUMN "rooms" SET NOT NULL`);
    await this.coverRooms(queryRunner, true);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await this.coverRooms(queryRunner, false);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "rooms"`);
  }

  /** Rebuilds discovery's GiST indexes covering the rooms, or not. */
  private async coverRooms(queryRunner: QueryRunner, rooms: boolean): Promise<void> {
    for (const [name, where] of GEO_INDEXES) {
      await queryRunner.query(`DROP INDEX IF EXISTS "public"."IDX_properties_geo_${name}"`);
      await queryRunner.query(
        `CREATE INDEX "IDX_properties_geo_${name}" ON "properties" USING gist (${GEO}) ${covering(rooms)}${where ? ` WHERE ${where}` : ''}`,
      );
    }
  }
}
