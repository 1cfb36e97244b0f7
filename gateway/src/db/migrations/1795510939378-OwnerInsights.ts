import { MigrationInterface, QueryRunner } from 'typeorm';

/** « Vérifié sur place »: when the owner last proved, with a precise fix, to stand in front of the listing. */
export class OwnerInsights1795510939378 implements MigrationInterface {
  name = 'OwnerInsights1795510939378';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "properties" ADD "verified_on_site_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "verified_on_site_at"`);
  }
}
