import { AppError } from '../lib/errors';
import type { RequestMeta } from '../modules/auth/session-handle';
import type { Context } from './context';

/** Session-changing operations need HTTP (cookies); over a websocket they are refused. */
export function requireMeta(ctx: Context): RequestMeta {
  if (!ctx.meta) throw new AppError('BAD_USER_INPUT', 'Cette opération doit passer par HTTP.');
  return ctx.meta;
}
