import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The visit requests' table takes its domain's name: contact_requests → visit_requests, with its sequence, status
 * type, primary key, indexes and foreign keys renamed to the names TypeORM derives for the new table. Renamed, never
 * recreated: every stored request is kept.
 */
export class RenameVisitRequests1796295231543 implements MigrationInterface {
  name = 'RenameVisitRequests1796295231543';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_requests" RENAME TO "visit_requests"`);
    await queryRunner.query(`ALTER SEQUENCE "contact_requests_id_seq" RENAME TO "visit_requests_id_seq"`);
    await queryRunner.query(`ALTER TYPE "public"."contact_request_status" RENAME TO "visit_request_status"`);
    await queryRunner.query(
      `ALTER TABLE "visit_requests" RENAME CONSTRAINT "PK_5fc5cfa569e4e66051c6acde3b9" TO "PK_d209b01c050073f9407a5fac5a1"`,
    );
    await queryRunner.query(`ALTER INDEX "public"."IDX_acf7c3da4047d61a46b388184c" RENAME TO "IDX_4e4919631ee8c8d53c7c5cf530"`);
    await queryRunner.query(`ALTER INDEX "public"."IDX_0a6880cf266e047adaf5ccc8b9" RENAME TO "IDX_f5f6e81d5fa72b33809b124f31"`);
    await queryRunner.query(
      `ALTER TABLE "visit_requests" RENAME CONSTRAINT "FK_acf7c3da4047d61a46b388184c3" TO "FK_4e4919631ee8c8d53c7c5cf530f"`,
    );
    await queryRunner.query(
      `ALTER TABLE "visit_requests" RENAME CONSTRAINT "FK_0a6880cf266e047adaf5ccc8b9c" TO "FK_f5f6e81d5fa72b33809b124f319"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "visit_requests" RENAME CONSTRAINT "FK_f5f6e81d5fa72b33809b124f319" TO "FK_0a6880cf266e047adaf5ccc8b9c"`,
    );
    await queryRunner.query(
      `ALTER TABLE "visit_requests" RENAME CONSTRAINT "FK_4e4919631ee8c8d53c7c5cf530f" TO "FK_acf7c3da4047d61a46b388184c3"`,
    );
    await queryRunner.query(`ALTER INDEX "public"."IDX_f5f6e81d5fa72b33809b124f31" RENAME TO "IDX_0a6880cf266e047adaf5ccc8b9"`);
    await queryRunner.query(`ALTER INDEX "public"."IDX_4e4919631ee8c8d53c7c5cf530" RENAME TO "IDX_acf7c3da4047d61a46b388184c"`);
    await queryRunner.query(
      `ALTER TABLE "visit_requests" RENAME CONSTRAINT "PK_d209b01c050073f9407a5fac5a1" TO "PK_5fc5cfa569e4e66051c6acde3b9"`,
    );
    await queryRunner.query(`ALTER TYPE "public"."visit_request_status" RENAME TO "contact_request_status"`);
    await queryRunner.query(`ALTER SEQUENCE "visit_requests_id_seq" RENAME TO "contact_requests_id_seq"`);
    await queryRunner.query(`ALTER TABLE "visit_requests" RENAME TO "contact_requests"`);
  }
}
