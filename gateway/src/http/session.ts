import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import connectPgSimple from 'connect-pg-simple';
import { parse as parseCookie } from 'cookie';
import { unsign } from 'cookie-signature';
import type { Request, RequestHandler } from 'express';
import session from 'express-session';
import type { Pool } from 'pg';
import { USER_STATE_TTL_MS, type UserStateCache } from '../modules/auth/user-state-cache';
import type { RequestMeta, SessionHandle } from '../modules/auth/session-handle';

declare module 'express-session' {
  interface SessionData {
    userId?: number;
  }
}

export const SESSION_COOKIE = 'flaneur.sid';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/** The session secret: configured, or generated once and kept under DATA_DIR so sessions survive a restart. */
export function resolveSessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'session-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The session of a request, read without express (websocket upgrade). */
export interface UpgradeSession {
  sessionId: string | null;
  userId: number | null;
  /** When the session ends (null without a session). */
  expiresAt: Date | null;
}

/** A stored, unexpired session: its user (null when signed out) and its end. */
export interface LiveSession {
  userId: number | null;
  expiresAt: Date;
}

/** express-session with its rows in PostgreSQL (table "session", created by the migrations). */
export function createSessions(opts: { pool: Pool; secret: string; secure: boolean; cache?: UserStateCache }): {
  middleware: RequestHandler;
  fromUpgrade(req: IncomingMessage): Promise<UpgradeSession>;
  /** The stored sessions among `sids` that have not expired, by id (one query). */
  lookup(sids: string[]): Promise<Map<string, LiveSession>>;
  /**
   * The user of the request's session cookie, read without express-session (a lean route): from the same cached
   * store, so a session destroyed, saved or expired is seen as the middleware sees it; null when signed out.
   */
  userOf(req: IncomingMessage): Promise<number | null>;
  close(): void;
} {
  const PgStore = connectPgSimple(session);
  // No background pruning timer: expired rows are ignored on read and removed by the purge job.
  const store = new PgStore({
    pool: opts.pool,
    tableName: 'session',
    createTableIfMissing: false,
    pruneSessionInterval: false,
    // No touch on each request: the cookie is not rolling (30 days from login), so the expiry never moves.
    disableTouch: true,
  });
  const loading = opts.cache ? cacheSessions(store, opts.cache) : null;
  const inner = session({
    name: SESSION_COOKIE,
    secret: opts.secret,
    store,
    resave: false,
    saveUninitialized: false,
    // Not rolling: re-saving the expiry on every request costs a durable write each time; 30 days from login.
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: opts.secure, maxAge: THIRTY_DAYS_MS },
  });
  // express-session asks the store synchronously: the request being served is known to the cached store.
  const middleware: RequestHandler = loading
    ? (req, res, next) => {
        loading.current = req;
        try {
          inner(req, res, next);
        } finally {
          loading.current = undefined;
        }
      }
    : inner;
  const lookup = async (sids: string[]): Promise<Map<string, LiveSession>> => {
    const found = new Map<string, LiveSession>();
    if (!sids.length) return found;
    const { rows } = await opts.pool.query<{ sid: string; user_id: string | null; expire: Date }>(
      `SELECT sid, sess::jsonb ->> 'userId' AS user_id, expire FROM "session" WHERE sid = ANY($1) AND expire > now()`,
      [sids],
    );
    for (const r of rows) found.set(r.sid, { userId: r.user_id ? Number(r.user_id) : null, expiresAt: r.expire });
    return found;
  };
  /** The session id of a signed cookie (as express-session reads it: an unsigned or forged one is none). */
  const sidOf = (req: IncomingMessage): string | false => {
    const raw = parseCookie(req.headers.cookie ?? '')[SESSION_COOKIE];
    return raw?.startsWith('s:') ? unsign(raw.slice(2), opts.secret) : false;
  };
  const fromUpgrade = async (req: IncomingMessage): Promise<UpgradeSession> => {
    const sid = sidOf(req);
    if (!sid) return { sessionId: null, userId: null, expiresAt: null };
    const live = (await lookup([sid])).get(sid);
    return { sessionId: sid, userId: live?.userId ?? null, expiresAt: live?.expiresAt ?? null };
  };
  const userOf = (req: IncomingMessage): Promise<number | null> => {
    const sid = sidOf(req);
    if (!sid) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      if (loading) loading.current = req;
      try {
        store.get(sid, (err, sess) => (err ? reject(err) : resolve(sess?.userId ?? null)));
      } finally {
        if (loading) loading.current = undefined;
      }
    });
  };
  return { middleware, fromUpgrade, lookup, userOf, close: () => store.close() };
}

/**
 * Serves stored sessions from memory for a few seconds (modules/auth/user-state-cache.ts): an entry is served only when
 * stamped with its user's current generation, read before the row was loaded (a session seen for the first time is
 * loaded again on its next request, then stamped). Saving or destroying a session bumps its user: the next request,
 * on any instance, loads it again (a destroyed one is then signed out).
 */
function cacheSessions(store: session.Store, cache: UserStateCache): { current?: object } {
  const table = cache.table<string, { json: string; userId: number | null }>();
  const state: { current?: object } = {};
  const [get, set, destroy] = [store.get.bind(store), store.set.bind(store), store.destroy.bind(store)];
  const bumped = (cb: ((err?: unknown) => void) | undefined, err: unknown, bumps: Promise<void>[]) =>
    void Promise.all(bumps).then(
      () => cb?.(err),
      () => cb?.(err),
    );
  store.get = (sid, cb) => {
    const req = state.current;
    const hint = table.peek(sid);
    const load = (stamp: string | null) =>
      get(sid, (err, sess) => {
        if (err || !sess) {
          table.delete(sid);
          return cb(err, sess);
        }
        const userId = sess.userId ?? null;
        const left = new Date(sess.cookie.expires ?? 0).getTime() - Date.now();
        const stamped = hint?.userId === userId ? stamp : null;
        if (userId !== null && left > 0)
          table.set(sid, { json: JSON.stringify(sess), userId }, stamped, Math.min(left, USER_STATE_TTL_MS));
        cb(null, sess);
      });
    if (hint?.userId == null) return load(null);
    cache.stamp(hint.userId, req).then((stamp) => {
      const hit = table.get(sid, stamp);
      if (hit) cb(null, JSON.parse(hit.json));
      else load(stamp);
    }, cb);
  };
  store.set = (sid, sess, cb) => {
    const before = table.peek(sid)?.userId;
    table.delete(sid);
    set(sid, sess, (err) => {
      table.delete(sid);
      // Its user now and before (a session saved for the first time, at login, was cached nowhere).
      const users = new Set([before, sess.userId].filter((u): u is number => typeof u === 'number'));
      bumped(
        cb,
        err,
        [...users].map((u) => cache.bump(u)),
      );
    });
  };
  store.destroy = (sid, cb) => {
    const known = table.peek(sid)?.userId;
    table.delete(sid);
    // The owner, when not loaded here lately, read first (a login destroys an anonymous session never stored).
    const owner = (done: (userId: number | null) => void) =>
      known !== undefined ? done(known) : get(sid, (_err, sess) => done(sess?.userId ?? null));
    owner((userId) =>
      destroy(sid, (err) => {
        table.delete(sid);
        bumped(cb, err, userId === null ? [] : [cache.bump(userId)]);
      }),
    );
  };
  return state;
}

const promisify = (fn: (cb: (err?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));

/** Wraps the express session in the transport-neutral handle the services use. */
export function sessionHandle(req: Request): SessionHandle {
  return {
    get id() {
      return req.session.id;
    },
    get userId() {
      return req.session.userId ?? null;
    },
    async signIn(userId) {
      await promisify((cb) => req.session.regenerate(cb));
      req.session.userId = userId;
      await promisify((cb) => req.session.save(cb));
    },
    async signOut() {
      await promisify((cb) => req.session.destroy(cb));
    },
  };
}

/** The request facts a service needs. */
export const requestMeta = (req: Request): RequestMeta => ({ ip: req.ip ?? 'unknown', session: sessionHandle(req) });
