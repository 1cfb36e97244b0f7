import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ENTITIES } from '../wiring/entities';
import { QueryCounter } from '../lib/query-counter';
import { MIGRATIONS } from './migrations';
import { SnakeNamingStrategy } from './naming';

/** Options that differ between the app, the tests and the scripts. */
export interface DataSourceOptions {
  url: string;
  poolSize?: number;
  statementTimeoutMs?: number;
}

/** Builds the one TypeORM data source for a PostgreSQL URL (embedded or real). Schema changes go through migrations. */
export function createDataSource(opts: DataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: opts.url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    // Only the query counter listens: it costs an increment per statement and prints nothing.
    logging: ['query'],
    logger: new QueryCounter(),
    poolSize: opts.poolSize ?? 10,
    extra: opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : undefined,
  });
}
