import { MigrationInterface, QueryRunner } from 'typeorm';

export class VisitSlots1795480605422 implements MigrationInterface {
  name = 'VisitSlots1795480605422';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_requests" ADD "proposed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "contact_requests" ADD "slot_minutes" integer`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_requests" DROP COLUMN "slot_minutes"`);
    await queryRunner.query(`ALTER TABLE "contact_requests" DROP COLUMN "proposed_at"`);
  }
}
