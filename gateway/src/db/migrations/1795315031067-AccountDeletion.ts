import { MigrationInterface, QueryRunner } from 'typeorm';

export class AccountDeletion1795315031067 implements MigrationInterface {
  name = 'AccountDeletion1795315031067';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "deleted_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "deleted_at"`);
  }
}
