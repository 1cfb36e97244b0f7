import type { DataSource } from 'typeorm';
import type { Config } from './config';
import type { SocketRegistry } from './graphql/socket-registry';
import type { Logger } from './lib/logger';
import { Throttles } from './lib/throttle';
import type { Mailer } from './mail/mailer';
import { AuthService } from './modules/auth/auth.service';
import type { Storage } from './storage/storage';

/** The adapters every service may use. */
export interface Infrastructure {
  config: Config;
  db: DataSource;
  mailer: Mailer;
  storage: Storage;
  sockets: SocketRegistry;
  logger: Logger;
  throttles: Throttles;
}

/** One instance of each domain service, shared by the resolvers and the REST handlers. */
export function createServices(infra: Infrastructure) {
  return {
    auth: new AuthService({ ...infra, publicUrl: infra.config.publicUrl }),
  };
}
export type Services = ReturnType<typeof createServices>;
