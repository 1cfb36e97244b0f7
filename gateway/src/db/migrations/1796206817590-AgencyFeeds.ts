import { MigrationInterface, QueryRunner } from 'typeorm';

export class AgencyFeeds1796206817590 implements MigrationInterface {
  name = 'AgencyFeeds1796206817590';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "public"."feed_import_status" AS ENUM('pending', 'running', 'done', 'failed')`);
    await queryRunner.query(`CREATE TABLE "feed_imports" ("id" SERIAL NOT NULL, "owner_id" integer NOT NULL, "status" "public"."feed_import_status" NOT NULL DEFAULT 'pending', "file_key" character varying(200), "lines" integer NOT NULL DEFAULT '0', "created" integer NOT NULL DEFAULT '0', "updated" integer NOT NULL DEFAULT '0', "unchanged" integer NOT NULL DEFAULT '0', "withdrawn" integer NOT NULL DEFAULT '0', "refused" integer NOT NULL DEFAULT '0', "drafts" integer NOT NULL DEFAULT '0', "error" character varying(500), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_2198aa7178de337aca828d8c82c" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_802d0946d4da53220c2bd4bc4b" ON "feed_imports"  ("owner_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_feed_imports_active" ON "feed_imports"  ("owner_id") WHERE status IN ('pending', 'running')`);
    await queryRunner.query(`CREATE TABLE "feed_import_lines" ("id" SERIAL NOT NULL, "import_id" integer NOT NULL, "line" integer, "reference" character varying(60), "field" character varying(60), "message" character varying(500) NOT NULL, CONSTRAINT "PK_5efc589cde973d7f7c3c33d0ed9" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_bd0d36973ab7f887213d7d62d5" ON "feed_import_lines"  ("import_id", "id") `);
    await queryRunner.query(`CREATE TABLE "feed_photos" ("id" SERIAL NOT NULL, "owner_id" integer NOT NULL, "sha256" character varying(64) NOT NULL, "url" character varying(300) NOT NULL, CONSTRAINT "PK_6e3205b6bfe2685b30375705ebf" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_d7b8dd0d2997fd656843d65bfb" ON "feed_photos"  ("owner_id", "sha256") `);
    await queryRunner.query(`ALTER TABLE "feed_imports" ADD CONSTRAINT "FK_802d0946d4da53220c2bd4bc4bf" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "feed_import_lines" ADD CONSTRAINT "FK_591aeb79f5b4fff1fdece82f0f7" FOREIGN KEY ("import_id") REFERENCES "feed_imports"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "feed_photos" ADD CONSTRAINT "FK_d00c2ebffef5d50e30213f35d4b" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "feed_photos" DROP CONSTRAINT "FK_d00c2ebffef5d50e30213f35d4b"`);
    await queryRunner.query(`ALTER TABLE "feed_import_lines" DROP CONSTRAINT "FK_591aeb79f5b4fff1fdece82f0f7"`);
    await queryRunner.query(`ALTER TABLE "feed_imports" DROP CONSTRAINT "FK_802d0946d4da53220c2bd4bc4bf"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_d7b8dd0d2997fd656843d65bfb"`);
    await queryRunner.query(`DROP TABLE "feed_photos"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bd0d36973ab7f887213d7d62d5"`);
    await queryRunner.query(`DROP TABLE "feed_import_lines"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_feed_imports_active"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_802d0946d4da53220c2bd4bc4b"`);
    await queryRunner.query(`DROP TABLE "feed_imports"`);
    await queryRunner.query(`DROP TYPE "public"."feed_import_status"`);
  }
}
