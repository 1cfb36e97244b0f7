import { MigrationInterface, QueryRunner } from 'typeorm';

export class Notifications1795487145804 implements MigrationInterface {
  name = 'Notifications1795487145804';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "push_subscriptions" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "endpoint" text NOT NULL, "p256dh" character varying(100) NOT NULL, "auth" character varying(40) NOT NULL, "expiration_time" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_success_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_757fc8f00c34f66832668dc2e53" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_push_subscriptions_endpoint" ON "push_subscriptions"  ("endpoint") `);
    await queryRunner.query(`CREATE INDEX "IDX_push_subscriptions_user" ON "push_subscriptions"  ("user_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "notification_settings" ("user_id" integer NOT NULL, "passing_alerts" boolean NOT NULL, "message_alerts" boolean NOT NULL, "quiet_start" character varying(5), "quiet_end" character varying(5), "max_per_day" smallint NOT NULL, "min_interval_minutes" smallint NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_91a7ffebe8b406c4470845d4781" PRIMARY KEY ("user_id"))`);
    await queryRunner.query(`CREATE TABLE "passing_alert_state" ("user_id" integer NOT NULL, "day" date NOT NULL, "day_count" integer NOT NULL, "last_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_f997fc179efa8dcbeda746f53fa" PRIMARY KEY ("user_id"))`);
    await queryRunner.query(`CREATE TABLE "message_alert_marks" ("user_id" integer NOT NULL, "conversation_id" integer NOT NULL, "last_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_c9660f603b8a7fc13466dd5f5e6" PRIMARY KEY ("user_id", "conversation_id"))`);
    await queryRunner.query(`CREATE TABLE "conversation_presence" ("id" uuid NOT NULL, "user_id" integer NOT NULL, "conversation_id" integer NOT NULL, "seen_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6f89e00aee50585e64bb260ea87" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_conversation_presence_user_conversation" ON "conversation_presence"  ("user_id", "conversation_id") `);
    await queryRunner.query(`ALTER TABLE "push_subscriptions" ADD CONSTRAINT "FK_6771f119f1c06d2ccf38f238664" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "notification_settings" ADD CONSTRAINT "FK_91a7ffebe8b406c4470845d4781" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "passing_alert_state" ADD CONSTRAINT "FK_f997fc179efa8dcbeda746f53fa" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "message_alert_marks" ADD CONSTRAINT "FK_1c751de764a7e7c990da595226c" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "message_alert_marks" ADD CONSTRAINT "FK_69c6c1dfb554c7ad695050c06b0" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "conversation_presence" ADD CONSTRAINT "FK_0e382496f2ae023f12560714ea4" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "conversation_presence" ADD CONSTRAINT "FK_2af554bc6c46572cad15f40a767" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "conversation_presence" DROP CONSTRAINT "FK_2af554bc6c46572cad15f40a767"`);
    await queryRunner.query(`ALTER TABLE "conversation_presence" DROP CONSTRAINT "FK_0e382496f2ae023f12560714ea4"`);
    await queryRunner.query(`ALTER TABLE "message_alert_marks" DROP CONSTRAINT "FK_69c6c1dfb554c7ad695050c06b0"`);
    await queryRunner.query(`ALTER TABLE "message_alert_marks" DROP CONSTRAINT "FK_1c751de764a7e7c990da595226c"`);
    await queryRunner.query(`ALTER TABLE "passing_alert_state" DROP CONSTRAINT "FK_f997fc179efa8dcbeda746f53fa"`);
    await queryRunner.query(`ALTER TABLE "notification_settings" DROP CONSTRAINT "FK_91a7ffebe8b406c4470845d4781"`);
    await queryRunner.query(`ALTER TABLE "push_subscriptions" DROP CONSTRAINT "FK_6771f119f1c06d2ccf38f238664"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_conversation_presence_user_conversation"`);
    await queryRunner.query(`DROP TABLE "conversation_presence"`);
    await queryRunner.query(`DROP TABLE "message_alert_marks"`);
    await queryRunner.query(`DROP TABLE "passing_alert_state"`);
    await queryRunner.query(`DROP TABLE "notification_settings"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_push_subscriptions_user"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_push_subscriptions_endpoint"`);
    await queryRunner.query(`DROP TABLE "push_subscriptions"`);
  }
}
