import { MigrationInterface, QueryRunner } from 'typeorm';

export class LocationClientIds1795487055762 implements MigrationInterface {
  name = 'LocationClientIds1795487055762';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "discovery_state" ADD "last_replay_fix_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "user_locations" ADD "client_id" uuid`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_user_locations_user_client" ON "user_locations"  ("user_id", "client_id") WHERE "client_id" IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."UQ_user_locations_user_client"`);
    await queryRunner.query(`ALTER TABLE "user_locations" DROP COLUMN "client_id"`);
    await queryRunner.query(`ALTER TABLE "discovery_state" DROP COLUMN "last_replay_fix_at"`);
  }
}
