import { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookScopes1796185575764 implements MigrationInterface {
  name = 'WebhookScopes1796185575764';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Webhooks registered before scopes were recorded keep what they received (every scope), then no default.
    await queryRunner.query(
      `ALTER TABLE "webhooks" ADD "scopes" text array NOT NULL DEFAULT '{listings:read,listings:write,discoveries:read,discoveries:write,favorites,messages:read,messages:write,profile:read,webhooks}'`,
    );
    await queryRunner.query(`ALTER TABLE "webhooks" ALTER COLUMN "scopes" DROP DEFAULT`);
    await queryRunner.query(`ALTER TABLE "webhooks" ADD "access_token_id" integer`);
    await queryRunner.query(`ALTER TABLE "webhooks" ADD CONSTRAINT "FK_dcf9b2ebdc2a1f3995b651293df" FOREIGN KEY ("access_token_id") REFERENCES "access_tokens"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhooks" DROP CONSTRAINT "FK_dcf9b2ebdc2a1f3995b651293df"`);
    await queryRunner.query(`ALTER TABLE "webhooks" DROP COLUMN "access_token_id"`);
    await queryRunner.query(`ALTER TABLE "webhooks" DROP COLUMN "scopes"`);
  }
}
