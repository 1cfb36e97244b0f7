import { MigrationInterface, QueryRunner } from 'typeorm';

export class PriceHistory1795510842517 implements MigrationInterface {
  name = 'PriceHistory1795510842517';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "property_price_changes" ("id" SERIAL NOT NULL, "property_id" integer NOT NULL, "price" numeric(10,2) NOT NULL, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_289775e8edc3230e345f5e6bba1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_property_price_changes_property" ON "property_price_changes"  ("property_id", "changed_at", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "property_price_changes" ADD CONSTRAINT "FK_0b2c0bdaf3b148a4d05de302101" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // Every listing starts its history at its publication price; then a trigger keeps it for every insert and
    // every change of the price, whatever writes the row (API, demo seed, bulk loads).
    await queryRunner.query(
      `INSERT INTO "property_price_changes" ("property_id", "price", "changed_at") SELECT "id", "price", "created_at" FROM "properties"`,
    );
    await queryRunner.query(`CREATE FUNCTION "property_price_changes_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW."price" IS DISTINCT FROM OLD."price" THEN
    INSERT INTO "property_price_changes" ("property_id", "price", "changed_at") VALUES (NEW."id", NEW."price", now());
  END IF;
  RETURN NULL;
END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_properties_price_changes" AFTER INSERT OR UPDATE OF "price" ON "properties" FOR EACH ROW EXECUTE FUNCTION "property_price_changes_record"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TRG_properties_price_changes" ON "properties"`);
    await queryRunner.query(`DROP FUNCTION "property_price_changes_record"()`);
    await queryRunner.query(`ALTER TABLE "property_price_changes" DROP CONSTRAINT "FK_0b2c0bdaf3b148a4d05de302101"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_property_price_changes_property"`);
    await queryRunner.query(`DROP TABLE "property_price_changes"`);
  }
}
