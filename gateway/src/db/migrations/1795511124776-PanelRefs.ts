import { MigrationInterface, QueryRunner } from 'typeorm';

export class PanelRefs1795511124776 implements MigrationInterface {
  name = 'PanelRefs1795511124776';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // A random reference of 6 Crockford base32 characters not yet taken. Volatile: each of its queries sees the rows
    // written before by the statement calling it, so one INSERT … SELECT or UPDATE of many rows draws distinct ones.
    // Concurrent transactions may still draw the same one: the unique index refuses the second (the service retries).
    await queryRunner.query(`CREATE FUNCTION new_property_ref() RETURNS varchar LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  candidate varchar(6);
BEGIN
  LOOP
    SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + floor(random() * 32)::int, 1), '')
      INTO candidate FROM generate_series(1, 6);
    IF NOT EXISTS (SELECT 1 FROM properties WHERE ref = candidate) THEN
      RETURN candidate;
    END IF;
  END LOOP;
END
$$`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "ref" character varying(6)`);
    await queryRunner.query(`UPDATE "properties" SET "ref" = new_property_ref()`);
    await queryRunner.query(`ALTER TABLE "properties" ALTER COLUMN "ref" SET DEFAULT new_property_ref()`);
    await queryRunner.query(`ALTER TABLE "properties" ALTER COLUMN "ref" SET NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_properties_ref" ON "properties"  ("ref") `);
    // Entries from before sources existed were all discoveries while walking or views (nothing tells them apart).
    await queryRunner.query(`CREATE TYPE "public"."history_source" AS ENUM('walk', 'panel', 'simulation')`);
    await queryRunner.query(`ALTER TABLE "history_entries" ADD "source" "public"."history_source" DEFAULT 'walk'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "history_entries" DROP COLUMN "source"`);
    await queryRunner.query(`DROP TYPE "public"."history_source"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_properties_ref"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "ref"`);
    await queryRunner.query(`DROP FUNCTION new_property_ref()`);
  }
}
