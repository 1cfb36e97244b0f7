import { MigrationInterface, QueryRunner } from 'typeorm';

export class FeedSources1796237339223 implements MigrationInterface {
  name = 'FeedSources1796237339223';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "feed_sources" ("owner_id" integer NOT NULL, "url" character varying(2048) NOT NULL, "next_fetch_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_fetch_at" TIMESTAMP WITH TIME ZONE, "last_error" character varying(500), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_45585e797c1b55f03728d1d4cba" PRIMARY KEY ("owner_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_ef2cc58685a5a69e1897854e8f" ON "feed_sources"  ("next_fetch_at") `);
    await queryRunner.query(`ALTER TABLE "feed_imports" ADD "origin" character varying(10) NOT NULL DEFAULT 'upload'`);
    await queryRunner.query(`ALTER TABLE "feed_sources" ADD CONSTRAINT "FK_45585e797c1b55f03728d1d4cba" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "feed_sources" DROP CONSTRAINT "FK_45585e797c1b55f03728d1d4cba"`);
    await queryRunner.query(`ALTER TABLE "feed_imports" DROP COLUMN "origin"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ef2cc58685a5a69e1897854e8f"`);
    await queryRunner.query(`DROP TABLE "feed_sources"`);
  }
}
