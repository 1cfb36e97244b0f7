import { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * As of this migration, written out: a migration imports no live code, so a later change there cannot change it.
 */
/** East-west scale of the index plane: cos(46.5°), the middle of metropolitan France. */
const PLANE_K = 0.688;
/** Every (is_rental, type) pair: one partial index each. */
const COMBINATIONS: [boolean, string][] = [false, true].flatMap((r) =>
  ['apartment', 'house', 'villa'].map((t) => [r, t] as [boolean, string]),
);
/** Index name of a pair. */
const geoIndexName = ([rental, type]: [boolean, string]) => `IDX_properties_geo_${rental ? 'rent' : 'sale'}_${type}`;

/**
 * Discovery as nearest-first scans: one partial GiST index per (is_rental, type) on the listing's position on a
 * plane (longitude × PLANE_K, latitude), covering every filtered column so the scan is index-only. Replaces the
 * btree of Discovery, whose latitude band made the scan grow with the density (bench/README.md).
 */
export class DiscoveryKnn1795316952286 implements MigrationInterface {
  name = 'DiscoveryKnn1795316952286';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "IDX_properties_discovery"`);
    for (const combo of COMBINATIONS) {
      await queryRunner.query(
        `CREATE INDEX "${geoIndexName(combo)}" ON "properties" USING gist ((point(longitude::float8 * ${PLANE_K}, latitude::float8)))
         INCLUDE ("price", "size", "bedrooms", "bathrooms", "features", "owner_id", "latitude", "longitude", "id")
         WHERE "is_rental" = ${combo[0]} AND "type" = '${combo[1]}'`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const combo of COMBINATIONS) await queryRunner.query(`DROP INDEX "${geoIndexName(combo)}"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_properties_discovery" ON "properties" ("is_rental", "type", "latitude", "longitude", "price", "size", "bedrooms") INCLUDE ("bathrooms", "features", "owner_id", "id")`,
    );
  }
}
