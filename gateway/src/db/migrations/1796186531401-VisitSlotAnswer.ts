import { MigrationInterface, QueryRunner } from 'typeorm';

export class VisitSlotAnswer1796186531401 implements MigrationInterface {
  name = 'VisitSlotAnswer1796186531401';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "public"."visit_slot_answer" AS ENUM('confirmed', 'declined')`);
    await queryRunner.query(`ALTER TABLE "contact_requests" ADD "slot_answer" "public"."visit_slot_answer"`);
    await queryRunner.query(`ALTER TABLE "contact_requests" ADD "slot_answered_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_requests" DROP COLUMN "slot_answered_at"`);
    await queryRunner.query(`ALTER TABLE "contact_requests" DROP COLUMN "slot_answer"`);
    await queryRunner.query(`DROP TYPE "public"."visit_slot_answer"`);
  }
}
