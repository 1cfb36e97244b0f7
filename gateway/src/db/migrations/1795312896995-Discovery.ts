import { MigrationInterface, QueryRunner } from 'typeorm';

export class Discovery1795312896995 implements MigrationInterface {
  name = 'Discovery1795312896995';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "discovery_state" ("user_id" integer NOT NULL, "last_pass_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_5e0f081b86b67489a34b6cdabbb" PRIMARY KEY ("user_id"))`);
    await queryRunner.query(`ALTER TABLE "discovery_state" ADD CONSTRAINT "FK_5e0f081b86b67489a34b6cdabbb" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    // Discovery match (written by hand): equality on is_rental and type, range on latitude then longitude, and
    // every other filtered column in the index so the match is an index-only scan.
    await queryRunner.query(
      `CREATE INDEX "IDX_properties_discovery" ON "properties" ("is_rental", "type", "latitude", "longitude", "price", "size", "bedrooms") INCLUDE ("bathrooms", "features", "owner_id", "id")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_properties_discovery"`);
    await queryRunner.query(`ALTER TABLE "discovery_state" DROP CONSTRAINT "FK_5e0f081b86b67489a34b6cdabbb"`);
    await queryRunner.query(`DROP TABLE "discovery_state"`);
  }
}
