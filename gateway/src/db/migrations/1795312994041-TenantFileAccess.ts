import { MigrationInterface, QueryRunner } from 'typeorm';

export class TenantFileAccess1795312994041 implements MigrationInterface {
  name = 'TenantFileAccess1795312994041';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "tenant_file_shares" ("id" SERIAL NOT NULL, "file_id" integer NOT NULL, "conversation_id" integer NOT NULL, "recipient_id" integer NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_tenant_file_shares_file_conversation" UNIQUE ("file_id", "conversation_id"), CONSTRAINT "PK_02ba26c01092f99b485a85f1a6d" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_dcaaa8e412ee62b436b4277362" ON "tenant_file_shares"  ("conversation_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_605d5440cf51093eafc903ac9a" ON "tenant_file_shares"  ("recipient_id") `);
    await queryRunner.query(`CREATE TABLE "tenant_file_uploads" ("id" uuid NOT NULL, "user_id" integer NOT NULL, "storage_key" character varying(255) NOT NULL, "original_name" character varying(255) NOT NULL, "mime_type" character varying(100) NOT NULL, "size_bytes" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3f0e33be84ab5ce37f6e2d77797" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_bde1230a70b86dee8ff08706a1" ON "tenant_file_uploads"  ("user_id") `);
    await queryRunner.query(`ALTER TABLE "tenant_file_shares" ADD CONSTRAINT "FK_b16d639fd90a05d4355ba35bab5" FOREIGN KEY ("file_id") REFERENCES "tenant_files"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "tenant_file_shares" ADD CONSTRAINT "FK_dcaaa8e412ee62b436b4277362e" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "tenant_file_shares" ADD CONSTRAINT "FK_605d5440cf51093eafc903ac9a2" FOREIGN KEY ("recipient_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "tenant_file_uploads" ADD CONSTRAINT "FK_bde1230a70b86dee8ff08706a1c" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tenant_file_uploads" DROP CONSTRAINT "FK_bde1230a70b86dee8ff08706a1c"`);
    await queryRunner.query(`ALTER TABLE "tenant_file_shares" DROP CONSTRAINT "FK_605d5440cf51093eafc903ac9a2"`);
    await queryRunner.query(`ALTER TABLE "tenant_file_shares" DROP CONSTRAINT "FK_dcaaa8e412ee62b436b4277362e"`);
    await queryRunner.query(`ALTER TABLE "tenant_file_shares" DROP CONSTRAINT "FK_b16d639fd90a05d4355ba35bab5"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bde1230a70b86dee8ff08706a1"`);
    await queryRunner.query(`DROP TABLE "tenant_file_uploads"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_605d5440cf51093eafc903ac9a"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_dcaaa8e412ee62b436b4277362"`);
    await queryRunner.query(`DROP TABLE "tenant_file_shares"`);
  }
}
