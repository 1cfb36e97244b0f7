import { MigrationInterface, QueryRunner } from 'typeorm';

export class TenantDocumentProtection1795500772287 implements MigrationInterface {
  name = 'TenantDocumentProtection1795500772287';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "tenant_file_accesses" ("id" SERIAL NOT NULL, "file_id" integer NOT NULL, "reader_id" integer NOT NULL, "conversation_id" integer, "kind" character varying(10) NOT NULL, "accessed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2291e28101fc59e9df9132c139d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_28e505b9c6d4aed93f19c72420" ON "tenant_file_accesses"  ("file_id", "accessed_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "tenant_file_copies" ("id" SERIAL NOT NULL, "share_id" integer NOT NULL, "user_id" integer NOT NULL, "storage_key" character varying(255) NOT NULL, "mime_type" character varying(100) NOT NULL, "size_bytes" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6f567a81eaae3ce6a351ca01b29" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_3fa1bc3bd9eb00c61c6eafa3fd" ON "tenant_file_copies"  ("share_id") `,
    );
    await queryRunner.query(`CREATE INDEX "IDX_e2c30a727725fd353389dc32b5" ON "tenant_file_copies"  ("user_id") `);
    await queryRunner.query(
      `ALTER TABLE "tenant_files" ADD "last_activity_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`,
    );
    await queryRunner.query(`ALTER TABLE "tenant_files" ADD "retention_warned_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "tenant_file_shares" ADD "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now() + interval '30 days'`,
    );
    // Shares made before this migration get 30 days from now; new ones always say when they end.
    await queryRunner.query(`ALTER TABLE "tenant_file_shares" ALTER COLUMN "expires_at" DROP DEFAULT`);
    await queryRunner.query(`CREATE INDEX "IDX_e8b14176614a33a99b57b1faf1" ON "tenant_files"  ("last_activity_at") `);
    await queryRunner.query(
      `ALTER TABLE "tenant_file_accesses" ADD CONSTRAINT "FK_1fd77f11803152a227bbb5c1360" FOREIGN KEY ("file_id") REFERENCES "tenant_files"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "tenant_file_accesses" ADD CONSTRAINT "FK_8b490dfa47c453cdf32824e1ef7" FOREIGN KEY ("reader_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "tenant_file_accesses" ADD CONSTRAINT "FK_96ea7b99b7e8679f5d1fb960c11" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "tenant_file_copies" ADD CONSTRAINT "FK_3fa1bc3bd9eb00c61c6eafa3fd2" FOREIGN KEY ("share_id") REFERENCES "tenant_file_shares"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "tenant_file_copies" ADD CONSTRAINT "FK_e2c30a727725fd353389dc32b59" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tenant_file_copies" DROP CONSTRAINT "FK_e2c30a727725fd353389dc32b59"`);
    await queryRunner.query(`ALTER TABLE "tenant_file_copies" DROP CONSTRAINT "FK_3fa1bc3bd9eb00c61c6eafa3fd2"`);
    await queryRunner.query(`ALTER TABLE "tenant_file_accesses" DROP CONSTRAINT "FK_96ea7b99b7e8679f5d1fb960c11"`);
    await queryRunner.query(`ALTER TABLE "tenant_file_accesses" DROP CONSTRAINT "FK_8b490dfa47c453cdf32824e1ef7"`);
    await queryRunner.query(`ALTER TABLE "tenant_file_accesses" DROP CONSTRAINT "FK_1fd77f11803152a227bbb5c1360"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e8b14176614a33a99b57b1faf1"`);
    await queryRunner.query(`ALTER TABLE "tenant_file_shares" DROP COLUMN "expires_at"`);
    await queryRunner.query(`ALTER TABLE "tenant_files" DROP COLUMN "retention_warned_at"`);
    await queryRunner.query(`ALTER TABLE "tenant_files" DROP COLUMN "last_activity_at"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e2c30a727725fd353389dc32b5"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_3fa1bc3bd9eb00c61c6eafa3fd"`);
    await queryRunner.query(`DROP TABLE "tenant_file_copies"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_28e505b9c6d4aed93f19c72420"`);
    await queryRunner.query(`DROP TABLE "tenant_file_accesses"`);
  }
}
