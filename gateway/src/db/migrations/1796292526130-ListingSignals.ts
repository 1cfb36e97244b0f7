import { MigrationInterface, QueryRunner } from 'typeorm';

export class ListingSignals1796292526130 implements MigrationInterface {
  name = 'ListingSignals1796292526130';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "listing_signals" ("property_id" integer NOT NULL, "signals" text array NOT NULL DEFAULT '{}', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_36250ee5bbda3c08afc9447796d" PRIMARY KEY ("property_id"))`);
    await queryRunner.query(`CREATE TABLE "photo_hashes" ("url" character varying(255) NOT NULL, "hash" bigint NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_dfd2f7f89f7bf525e48b29de17b" PRIMARY KEY ("url"))`);
    await queryRunner.query(`CREATE TABLE "contact_marks" ("kind" character varying(5) NOT NULL, "value" character varying(254) NOT NULL, "user_id" integer NOT NULL, CONSTRAINT "PK_d762bfbb237f5cd90ba5635cd14" PRIMARY KEY ("kind", "value", "user_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_contact_marks_user" ON "contact_marks"  ("user_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_properties_same_home" ON "properties"  ("postal_code", "rooms", "size") `);
    // Declared with synchronize: false on the entity: the photos of a listing found among other listings' images.
    await queryRunner.query(`CREATE INDEX "IDX_properties_images" ON "properties" USING gin ("images")`);
    await queryRunner.query(`ALTER TABLE "listing_signals" ADD CONSTRAINT "FK_36250ee5bbda3c08afc9447796d" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "contact_marks" ADD CONSTRAINT "FK_31ec05a268d3080de739f71e10a" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_marks" DROP CONSTRAINT "FK_31ec05a268d3080de739f71e10a"`);
    await queryRunner.query(`ALTER TABLE "listing_signals" DROP CONSTRAINT "FK_36250ee5bbda3c08afc9447796d"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_properties_images"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_properties_same_home"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_contact_marks_user"`);
    await queryRunner.query(`DROP TABLE "contact_marks"`);
    await queryRunner.query(`DROP TABLE "photo_hashes"`);
    await queryRunner.query(`DROP TABLE "listing_signals"`);
  }
}
