import { MigrationInterface, QueryRunner } from 'typeorm';

export class TrustShield1796237199200 implements MigrationInterface {
  name = 'TrustShield1796237199200';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "public"."moderation_target_type" AS ENUM('property', 'user')`);
    await queryRunner.query(`CREATE TYPE "public"."moderation_action_kind" AS ENUM('hide', 'restore', 'warn', 'suspend', 'reinstate')`);
    await queryRunner.query(`CREATE TABLE "moderation_actions" ("id" SERIAL NOT NULL, "moderator_id" integer, "target_type" "public"."moderation_target_type" NOT NULL, "target_id" integer NOT NULL, "owner_id" integer, "action" "public"."moderation_action_kind" NOT NULL, "reason" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "contest" text, "contested_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_d259906fb4d2a5ef718f1f66e35" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_0b903827d79e2644693af7f5da" ON "moderation_actions"  ("owner_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_moderation_actions_target" ON "moderation_actions"  ("target_type", "target_id") `);
    await queryRunner.query(`CREATE TYPE "public"."report_target_type" AS ENUM('property', 'conversation', 'user')`);
    await queryRunner.query(`CREATE TYPE "public"."report_reason" AS ENUM('arnaque', 'deja_loue_vendu', 'doublon', 'informations_fausses', 'contenu_inapproprie')`);
    await queryRunner.query(`CREATE TABLE "reports" ("id" SERIAL NOT NULL, "reporter_id" integer NOT NULL, "target_type" "public"."report_target_type" NOT NULL, "target_id" integer NOT NULL, "subject_user_id" integer, "reason" "public"."report_reason" NOT NULL, "comment" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d9013193989303580053c0b5ef6" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_55e740bb1b43f8350bfeb0b3ca" ON "reports"  ("subject_user_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_reports_target" ON "reports"  ("target_type", "target_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_reports_reporter_target" ON "reports"  ("reporter_id", "target_type", "target_id") `);
    await queryRunner.query(`CREATE TYPE "public"."user_role" AS ENUM('user', 'moderator')`);
    await queryRunner.query(`ALTER TABLE "users" ADD "role" "public"."user_role" NOT NULL DEFAULT 'user'`);
    await queryRunner.query(`ALTER TABLE "users" ADD "suspended_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "hidden_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "owner_suspended" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "messages" ADD "signals" character varying(40) array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`ALTER TABLE "moderation_actions" ADD CONSTRAINT "FK_d891b13e150f7bf62e48f349d82" FOREIGN KEY ("moderator_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "reports" ADD CONSTRAINT "FK_9459b9bf907a3807ef7143d2ead" FOREIGN KEY ("reporter_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reports" DROP CONSTRAINT "FK_9459b9bf907a3807ef7143d2ead"`);
    await queryRunner.query(`ALTER TABLE "moderation_actions" DROP CONSTRAINT "FK_d891b13e150f7bf62e48f349d82"`);
    await queryRunner.query(`ALTER TABLE "messages" DROP COLUMN "signals"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "owner_suspended"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "hidden_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "suspended_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "role"`);
    await queryRunner.query(`DROP TYPE "public"."user_role"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_reports_reporter_target"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_reports_target"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_55e740bb1b43f8350bfeb0b3ca"`);
    await queryRunner.query(`DROP TABLE "reports"`);
    await queryRunner.query(`DROP TYPE "public"."report_reason"`);
    await queryRunner.query(`DROP TYPE "public"."report_target_type"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_moderation_actions_target"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_0b903827d79e2644693af7f5da"`);
    await queryRunner.query(`DROP TABLE "moderation_actions"`);
    await queryRunner.query(`DROP TYPE "public"."moderation_action_kind"`);
    await queryRunner.query(`DROP TYPE "public"."moderation_target_type"`);
  }
}
