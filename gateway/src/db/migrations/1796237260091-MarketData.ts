import { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * As of this migration, written out: a migration imports no live code, so a later change there cannot change it.
 */
/** East-west scale of the index plane: cos(46.5°), the middle of metropolitan France (as DiscoveryKnn). */
const PLANE_K = 0.688;

/**
 * Market data: DVF sales (one row per id_mutation) and the carte des loyers. « Near a point » is a GiST index on the
 * sale's position on the listings' index plane, core PostgreSQL (no PostGIS), so PGlite serves it too; it covers
 * what the comparables filter on.
 */
export class MarketData1796237260091 implements MigrationInterface {
  name = 'MarketData1796237260091';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "market_sales" ("id_mutation" character varying(40) NOT NULL, "date_mutation" date NOT NULL, "type" character varying(12) NOT NULL, "off_plan" boolean NOT NULL DEFAULT false, "rooms" integer, "surface" numeric(8,2) NOT NULL, "price" numeric(14,2) NOT NULL, "price_per_m2" numeric(10,2) NOT NULL, "street" character varying(200) NOT NULL, "postal_code" character varying(5) NOT NULL, "code_commune" character varying(5) NOT NULL, "commune" character varying(100) NOT NULL, "code_departement" character varying(3) NOT NULL, "latitude" numeric(10,7) NOT NULL, "longitude" numeric(10,7) NOT NULL, CONSTRAINT "PK_8cbf7547ea2896e06d07c6a6e33" PRIMARY KEY ("id_mutation"))`);
    await queryRunner.query(`CREATE INDEX "IDX_3c7ee65bd318fa830ed44b1551" ON "market_sales"  ("date_mutation") `);
    await queryRunner.query(`CREATE INDEX "IDX_market_sales_period" ON "market_sales"  ("code_departement", "date_mutation") `);
    await queryRunner.query(`CREATE INDEX "IDX_market_sales_commune" ON "market_sales"  ("code_commune", "type", "date_mutation") `);
    await queryRunner.query(
      `CREATE INDEX "IDX_market_sales_geo" ON "market_sales" USING gist ((point(longitude::float8 * ${PLANE_K}, latitude::float8)))
       INCLUDE ("type", "rooms", "surface", "price_per_m2", "date_mutation")`,
    );
    await queryRunner.query(`CREATE TABLE "market_rents" ("code_commune" character varying(5) NOT NULL, "type" character varying(12) NOT NULL, "year" integer NOT NULL, "commune" character varying(100) NOT NULL, "predicted" numeric(7,2) NOT NULL, "lower" numeric(7,2) NOT NULL, "upper" numeric(7,2) NOT NULL, "observations" integer, CONSTRAINT "PK_e9f2bfe27df72159d10b33ce2fb" PRIMARY KEY ("code_commune", "type", "year"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "market_rents"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_market_sales_geo"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_market_sales_commune"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_market_sales_period"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_3c7ee65bd318fa830ed44b1551"`);
    await queryRunner.query(`DROP TABLE "market_sales"`);
  }
}
