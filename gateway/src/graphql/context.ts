import type { TokenGrant } from '../modules/access-tokens/access-tokens.service';
import type { RequestMeta } from '../modules/auth/session-handle';
import type { User } from '../modules/users/user.entity';
import type { Services } from '../wiring/services';
import type { Loaders } from './loaders';

/** Per-request (or per-socket) GraphQL context: the viewer is resolved once, services take it as an argument. */
export interface Context {
  viewer: User | null;
  /** The access token the viewer comes from (Bearer over HTTP, connectionParams.authorization over websocket). */
  token?: TokenGrant | null;
  services: Services;
  /** Present over HTTP; absent on websocket operations (no session change there). */
  meta?: RequestMeta;
  requestId: string;
  loaders: Loaders;
}
