import type { DataSource } from 'typeorm';
import type { Config } from '../config';
import { schedulePurge } from '../jobs/maintenance';
import type { Logger } from '../lib/logger';
import { scheduleRetention } from '../modules/tenant-files/tenant-files.retention';
import type { Services } from './services';
import { scheduleOrphanSweep } from '../storage/orphan-sweeper';
import type { Storage } from '../storage/storage';

/**
 * Every periodic task of a gateway, in one list (each task's rule lives in its domain). The retention purges and
 * the orphan sweep run everywhere (each run is idempotent and cheap); the ones that move users' data on a clock
 * (document retention, the walks' end, the nightly feed fetches) only where `runSchedulers` says (not in tests,
 * which run them by hand). Answers the function that stops them all.
 */
export function startSchedulers(deps: {
  db: DataSource;
  logger: Logger;
  storage: Storage;
  services: Services;
  config: Pick<Config, 'runSchedulers'>;
}): () => void {
  const { db, logger, storage, services, config } = deps;
  const stops = [schedulePurge(db, logger, storage), scheduleOrphanSweep(db, storage, logger)];
  if (config.runSchedulers)
    stops.push(
      scheduleRetention(() => services.tenantFiles.runRetention(), logger),
      services.walks.scheduleSweep(),
      services.feedSources.schedule(),
    );
  return () => stops.forEach((stop) => stop());
}
