import { MigrationInterface, QueryRunner } from 'typeorm';

export class LegalMentions1795498725559 implements MigrationInterface {
  name = 'LegalMentions1795498725559';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "public"."ges_rating" AS ENUM('A', 'B', 'C', 'D', 'E', 'F', 'G')`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "ges_rating" "public"."ges_rating"`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "energy_cost_min" integer`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "energy_cost_max" integer`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "energy_prices_year" integer`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "is_new_build" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "charges" numeric(10,2)`);
    await queryRunner.query(`CREATE TYPE "public"."charges_mode" AS ENUM('provision', 'forfait')`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "charges_mode" "public"."charges_mode"`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "deposit" numeric(10,2)`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "furnished" boolean`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "base_rent" numeric(10,2)`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "reference_rent_majored" numeric(10,2)`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "rent_supplement" numeric(10,2)`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "tenant_fees" numeric(10,2)`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "inventory_fees" numeric(10,2)`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "co_ownership" jsonb`);
    await queryRunner.query(`CREATE TYPE "public"."advertiser" AS ENUM('private', 'professional')`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "advertiser" "public"."advertiser"`);
    await queryRunner.query(`CREATE TYPE "public"."fees_paid_by" AS ENUM('seller', 'buyer')`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "fees_paid_by" "public"."fees_paid_by"`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "buyer_fees_percent" numeric(5,2)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "buyer_fees_percent"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "fees_paid_by"`);
    await queryRunner.query(`DROP TYPE "public"."fees_paid_by"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "advertiser"`);
    await queryRunner.query(`DROP TYPE "public"."advertiser"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "co_ownership"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "inventory_fees"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "tenant_fees"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "rent_supplement"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "reference_rent_majored"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "base_rent"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "furnished"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "deposit"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "charges_mode"`);
    await queryRunner.query(`DROP TYPE "public"."charges_mode"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "charges"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "is_new_build"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "energy_prices_year"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "energy_cost_max"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "energy_cost_min"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "ges_rating"`);
    await queryRunner.query(`DROP TYPE "public"."ges_rating"`);
  }
}
