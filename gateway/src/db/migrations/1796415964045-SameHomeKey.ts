import { MigrationInterface, QueryRunner } from 'typeorm';

export class SameHomeKey1796415964045 implements MigrationInterface {
  name = 'SameHomeKey1796415964045';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // TypeORM finds a generated column's expression by database name: the one this runs on (embedded or real).
    const [{ db }] = await queryRunner.query(`SELECT current_database() AS db`);
    await queryRunner.query(`DROP INDEX "public"."IDX_properties_same_home"`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "home_key" text GENERATED ALWAYS AS (postal_code || '|' || rooms::text || '|' || size::text || '|' || is_rental::text || '|' || regexp_replace(lower(normalize(city, NFD)), '[^a-z0-9]+', '', 'g') || '|' || regexp_replace(lower(normalize(address, NFD)), '[^a-z0-9]+', '', 'g')) STORED`);
    await queryRunner.query(`INSERT INTO "typeorm_metadata"("database", "schema", "table", "type", "name", "value") VALUES ($1, $2, $3, $4, $5, $6)`, [db,"public","properties","GENERATED_COLUMN","home_key","postal_code || '|' || rooms::text || '|' || size::text || '|' || is_rental::text || '|' || regexp_replace(lower(normalize(city, NFD)), '[^a-z0-9]+', '', 'g') || '|' || regexp_replace(lower(normalize(address, NFD)), '[^a-z0-9]+', '', 'g')"]);
    await queryRunner.query(`CREATE INDEX "IDX_properties_same_home" ON "properties"  ("home_key") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const [{ db }] = await queryRunner.query(`SELECT current_database() AS db`);
    await queryRunner.query(`DROP INDEX "public"."IDX_properties_same_home"`);
    await queryRunner.query(`DELETE FROM "typeorm_metadata" WHERE "type" = $1 AND "name" = $2 AND "database" = $3 AND "schema" = $4 AND "table" = $5`, ["GENERATED_COLUMN","home_key",db,"public","properties"]);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "home_key"`);
    await queryRunner.query(`CREATE INDEX "IDX_properties_same_home" ON "properties" USING btree ("postal_code", "rooms", "size") `);
  }
}
