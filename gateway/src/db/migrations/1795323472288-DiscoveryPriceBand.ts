import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A btree on (is_rental, type, price): discovery skips a (status, type) pair when no listing of it has a price in
 * the saved band (rentals against a sale price band scanned the whole 2 km box: 20–27 ms at 1M listings).
 */
export class DiscoveryPriceBand1795323472288 implements MigrationInterface {
  name = 'DiscoveryPriceBand1795323472288';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_properties_status_type_price" ON "properties"  ("is_rental", "type", "price") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_properties_status_type_price"`);
  }
}
