import { MigrationInterface, QueryRunner } from 'typeorm';

/** passing_alert_state and message_alert_marks become one alert_marks table (kind, subject), rows kept. */
export class AlertMarks1796590684705 implements MigrationInterface {
  name = 'AlertMarks1796590684705';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "alert_marks" ("user_id" integer NOT NULL, "kind" character varying(16) NOT NULL, "subject_id" integer NOT NULL, "day" date, "day_count" integer NOT NULL DEFAULT '0', "last_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_1506d99eec227592fde8fc4e908" PRIMARY KEY ("user_id", "kind", "subject_id"))`);
    await queryRunner.query(`ALTER TABLE "alert_marks" ADD CONSTRAINT "FK_0d2a69c254fde86dd22678cbf38" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`INSERT INTO "alert_marks" ("user_id", "kind", "subject_id", "day", "day_count", "last_at") SELECT "user_id", 'passing', 0, "day", "day_count", "last_at" FROM "passing_alert_state"`);
    await queryRunner.query(`INSERT INTO "alert_marks" ("user_id", "kind", "subject_id", "last_at") SELECT "user_id", 'message', "conversation_id", "last_at" FROM "message_alert_marks"`);
    await queryRunner.query(`DROP TABLE "message_alert_marks"`);
    await queryRunner.query(`DROP TABLE "passing_alert_state"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "passing_alert_state" ("user_id" integer NOT NULL, "day" date NOT NULL, "day_count" integer NOT NULL, "last_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_f997fc179efa8dcbeda746f53fa" PRIMARY KEY ("user_id"))`);
    await queryRunner.query(`CREATE TABLE "message_alert_marks" ("user_id" integer NOT NULL, "conversation_id" integer NOT NULL, "last_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_c9660f603b8a7fc13466dd5f5e6" PRIMARY KEY ("user_id", "conversation_id"))`);
    await queryRunner.query(`ALTER TABLE "passing_alert_state" ADD CONSTRAINT "FK_f997fc179efa8dcbeda746f53fa" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "message_alert_marks" ADD CONSTRAINT "FK_1c751de764a7e7c990da595226c" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "message_alert_marks" ADD CONSTRAINT "FK_69c6c1dfb554c7ad695050c06b0" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`INSERT INTO "passing_alert_state" ("user_id", "day", "day_count", "last_at") SELECT "user_id", "day", "day_count", "last_at" FROM "alert_marks" WHERE "kind" = 'passing' AND "day" IS NOT NULL`);
    await queryRunner.query(`INSERT INTO "message_alert_marks" ("user_id", "conversation_id", "last_at") SELECT m."user_id", m."subject_id", m."last_at" FROM "alert_marks" m JOIN "conversations" c ON c."id" = m."subject_id" WHERE m."kind" = 'message'`);
    await queryRunner.query(`ALTER TABLE "alert_marks" DROP CONSTRAINT "FK_0d2a69c254fde86dd22678cbf38"`);
    await queryRunner.query(`DROP TABLE "alert_marks"`);
  }
}
