import { MigrationInterface, QueryRunner } from 'typeorm';

export class OrphanListingPhotos1795480692972 implements MigrationInterface {
  name = 'OrphanListingPhotos1795480692972';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "listing_image_uploads" ("url" character varying(255) NOT NULL, "user_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3ebc92143a61753f51a894028fd" PRIMARY KEY ("url"))`);
    await queryRunner.query(`CREATE INDEX "IDX_4506c4a7b8bb405aade71452c1" ON "listing_image_uploads"  ("created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_4506c4a7b8bb405aade71452c1"`);
    await queryRunner.query(`DROP TABLE "listing_image_uploads"`);
  }
}
