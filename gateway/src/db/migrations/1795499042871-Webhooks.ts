import { MigrationInterface, QueryRunner } from 'typeorm';

export class Webhooks1795499042871 implements MigrationInterface {
  name = 'Webhooks1795499042871';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "webhooks" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "url" character varying(2048) NOT NULL, "events" text array NOT NULL, "secret" character varying(100) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "disabled_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_9e8795cfc899ab7bdaa831e8527" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_webhooks_user" ON "webhooks"  ("user_id") `);
    await queryRunner.query(`CREATE TABLE "webhook_deliveries" ("id" SERIAL NOT NULL, "webhook_id" integer NOT NULL, "event_id" character varying(64) NOT NULL, "event_type" character varying(40) NOT NULL, "body" text NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "attempts" smallint NOT NULL DEFAULT '0', "last_response_code" smallint, "last_error" character varying(300), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "delivered_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_deliveries_recent" ON "webhook_deliveries"  ("webhook_id", "created_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_webhook_deliveries_event" ON "webhook_deliveries"  ("webhook_id", "event_id") `);
    await queryRunner.query(`ALTER TABLE "webhooks" ADD CONSTRAINT "FK_0d523f6f997c86e052c49b1455f" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2"`);
    await queryRunner.query(`ALTER TABLE "webhooks" DROP CONSTRAINT "FK_0d523f6f997c86e052c49b1455f"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_webhook_deliveries_event"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_webhook_deliveries_recent"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_webhooks_user"`);
    await queryRunner.query(`DROP TABLE "webhooks"`);
  }
}
