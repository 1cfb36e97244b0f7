import type { WebSocket } from 'ws';
import type { LiveSession } from '../http/session';
import type { Logger } from '../lib/logger';
import { AppPubSub, Topic } from './pubsub';

interface Entry {
  socket: WebSocket;
  userId: number | null;
  sessionId: string | null;
  /** The client address (as HTTP reads it, TRUST_PROXY included): anonymous sockets are capped per address. */
  address: string;
  expiresAt: Date | null;
  /** The access token the socket was opened with (connectionParams.authorization), or null. */
  tokenId: number | null;
}

/** Websocket session limits (docs/security.md). */
export const SESSION_CHECK = {
  /** How long a session found alive is trusted without asking the store again. */
  cacheMs: 5_000,
  /** Every open socket's session is checked this often, so idle sockets end with their session too. */
  sweepMs: 30_000,
} as const;

/** 4401: the client must authenticate again. */
const SESSION_ENDED = 4401;

/**
 * Open graphql-ws sockets by session, user and address. A socket lives only as long as its session: every
 * operation re-checks it (`isAlive`, cached a few seconds), a periodic sweep closes the sockets of expired or removed
 * sessions, and logout, password reset and account deletion travel through the pub/sub (Redis when configured),
 * so every gateway instance closes its matching sockets and forgets its cached answers.
 */
export class SocketRegistry {
  private readonly entries = new Set<Entry>();
  private readonly cache = new Map<string, { session: LiveSession | null; until: number }>();
  /** Bumped by every "session ended" event: a lookup that started before one does not refill the cache. */
  private epoch = 0;
  private lookup: ((sids: string[]) => Promise<Map<string, LiveSession>>) | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private events: AsyncIterator<unknown> | undefined;

  constructor(
    private readonly pubsub?: AppPubSub,
    private readonly logger?: Logger,
  ) {}

  /** Starts listening to "session ended" events and sweeping; `lookup` reads the session store. */
  start(lookup: (sids: string[]) => Promise<Map<string, LiveSession>>): void {
    this.lookup = lookup;
    if (this.pubsub) {
      const events = this.pubsub.subscribe(Topic.SessionsEnded)[Symbol.asyncIterator]();
      this.events = events;
      void (async () => {
        for (let next = await events.next(); !next.done; next = await events.next()) {
          const { sessionId, userId, tokenId } = next.value as {
            sessionId?: string;
            userId?: number;
            tokenId?: number;
          };
          if (sessionId) this.closeSessionHere(sessionId);
          if (tokenId) this.closeTokenHere(tokenId);
          if (userId) this.closeUserHere(userId);
        }
      })().catch((err: unknown) => this.logger?.error({ err }, 'session events stopped'));
    }
    this.sweepTimer = setInterval(() => void this.sweep(), SESSION_CHECK.sweepMs);
    this.sweepTimer.unref();
  }

  add(
    socket: WebSocket,
    session: { userId: number | null; sessionId: string | null; expiresAt: Date | null; tokenId?: number | null },
    address: string,
  ): void {
    const entry = { socket, address, ...session, tokenId: session.tokenId ?? null };
    this.entries.add(entry);
    socket.once('close', () => this.entries.delete(entry));
  }

  /**
   * Whether the session a socket was opened with still exists, for the same user, and has not expired. A socket
   * opened without a signed-in session has nothing to lose: always true.
   */
  async isAlive(socket: WebSocket): Promise<boolean> {
    const entry = this.entryOf(socket);
    if (!entry) return false;
    if (!entry.userId || !entry.sessionId) return true;
    const sid = entry.sessionId;
    let cached = this.cache.get(sid);
    if (!cached || cached.until <= Date.now()) {
      const epoch = this.epoch;
      const session = (await this.lookup?.([sid]))?.get(sid) ?? null;
      cached = { session, until: Date.now() + SESSION_CHECK.cacheMs };
      if (epoch === this.epoch) this.cache.set(sid, cached);
    }
    const s = cached.session;
    return !!s && s.userId === entry.userId && s.expiresAt.getTime() > Date.now();
  }

  /** Closes the socket: its session has ended (4401). */
  endSocket(socket: WebSocket): void {
    socket.close(SESSION_ENDED, 'Session ended');
  }

  /** Closes the sockets opened with this session, on every instance (logout). */
  closeSession(sessionId: string): void {
    this.closeSessionHere(sessionId);
    this.pubsub?.publish(Topic.SessionsEnded, { sessionId });
  }

  /** Closes every socket of a user, on every instance (password reset, account deletion). */
  closeUser(userId: number): void {
    this.closeUserHere(userId);
    this.pubsub?.publish(Topic.SessionsEnded, { userId });
  }

  /** Closes the sockets opened with this access token, on every instance (revocation). */
  closeToken(tokenId: number): void {
    this.closeTokenHere(tokenId);
    this.pubsub?.publish(Topic.SessionsEnded, { tokenId });
  }

  /** Closes everything and stops listening (shutdown: 1001 going away). */
  closeAll(code = 1001): void {
    clearInterval(this.sweepTimer);
    void this.events?.return?.();
    for (const e of this.entries) e.socket.close(code, 'Server shutting down');
  }

  countForUser(userId: number): number {
    let n = 0;
    for (const e of this.entries) if (e.userId === userId) n++;
    return n;
  }

  /** Sockets opened without a signed-in session from this address. */
  countAnonymous(address: string): number {
    let n = 0;
    for (const e of this.entries) if (!e.userId && e.address === address) n++;
    return n;
  }

  private entryOf(socket: WebSocket): Entry | undefined {
    for (const e of this.entries) if (e.socket === socket) return e;
    return undefined;
  }

  private closeSessionHere(sessionId: string): void {
    this.epoch++;
    this.cache.delete(sessionId);
    for (const e of this.entries) if (e.sessionId === sessionId) this.endSocket(e.socket);
  }

  private closeTokenHere(tokenId: number): void {
    for (const e of this.entries) if (e.tokenId === tokenId) this.endSocket(e.socket);
  }

  private closeUserHere(userId: number): void {
    this.epoch++;
    for (const e of this.entries) {
      if (e.userId !== userId) continue;
      if (e.sessionId) this.cache.delete(e.sessionId);
      this.endSocket(e.socket);
    }
  }

  /** Closes the sockets whose session expired or is gone from the store (one query for all of them). */
  private async sweep(): Promise<void> {
    // Sockets of an access token end with its validity (revocation closes them at once: closeToken).
    for (const e of this.entries) if (e.tokenId && e.expiresAt && e.expiresAt <= new Date()) this.endSocket(e.socket);
    const signedIn = [...this.entries].filter((e) => e.userId && e.sessionId);
    for (const [sid, c] of this.cache) if (c.until <= Date.now()) this.cache.delete(sid);
    if (!signedIn.length || !this.lookup) return;
    try {
      const live = await this.lookup([...new Set(signedIn.map((e) => e.sessionId!))]);
      for (const e of signedIn) {
        const s = live.get(e.sessionId!);
        if (!s || s.userId !== e.userId || s.expiresAt.getTime() <= Date.now()) this.endSocket(e.socket);
      }
    } catch (err) {
      this.logger?.warn({ err }, 'websocket session sweep failed');
    }
  }
}
