import { MigrationInterface, QueryRunner } from 'typeorm';

export class Outbox1795486699033 implements MigrationInterface {
  name = 'Outbox1795486699033';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "outbox_jobs" ("id" BIGSERIAL NOT NULL, "queue" character varying(64) NOT NULL DEFAULT 'default', "kind" character varying(64) NOT NULL, "payload" jsonb NOT NULL, "run_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "attempts" integer NOT NULL DEFAULT '0', "last_error" text, "dead_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_eca0e49b45a0974cb16b7d2e498" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_outbox_jobs_due" ON "outbox_jobs"  ("queue", "run_at") WHERE "dead_at" IS NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_outbox_jobs_due"`);
    await queryRunner.query(`DROP TABLE "outbox_jobs"`);
  }
}
