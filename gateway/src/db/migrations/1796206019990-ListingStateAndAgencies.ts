import { MigrationInterface, QueryRunner } from 'typeorm';

export class ListingStateAndAgencies1796206019990 implements MigrationInterface {
  name = 'ListingStateAndAgencies1796206019990';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "agency_name" character varying(150)`);
    await queryRunner.query(`ALTER TABLE "users" ADD "siren" character varying(9)`);
    await queryRunner.query(`ALTER TABLE "users" ADD "professional_card" character varying(40)`);
    await queryRunner.query(`CREATE TYPE "public"."listing_state" AS ENUM('published', 'draft', 'withdrawn')`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "listing_state" "public"."listing_state" NOT NULL DEFAULT 'published'`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "draft_reason" character varying(500)`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "withdrawn_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "agency_reference" character varying(60)`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "feed_hash" character varying(64)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_properties_owner_agency_ref" ON "properties"  ("owner_id", "agency_reference") WHERE agency_reference IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."UQ_properties_owner_agency_ref"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "feed_hash"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "agency_reference"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "withdrawn_at"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "draft_reason"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "listing_state"`);
    await queryRunner.query(`DROP TYPE "public"."listing_state"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "professional_card"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "siren"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "agency_name"`);
  }
}
