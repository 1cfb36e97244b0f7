import crypto from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

/** The owner of a maintenance statement: no connection's id (pglite-socket numbers its handlers from 1). */
const MAINTENANCE = -1;

interface Job {
  handlerId: number;
  message: Uint8Array;
  /** A maintenance statement run between two connections' turns, instead of a protocol message. */
  sql?: string;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (err: unknown) => void;
}

/**
 * Serializes the connections multiplexed onto PGlite's single session so that no two of them interleave.
 *
 * pglite-socket's own queue switches connections between protocol messages, so one connection's Bind can land
 * on another's Parse (seen: "bind message supplies 1 parameters, but prepared statement requires 2", and
 * parameters of one request used by another). Here a connection owns the session from its first message until
 * the end of its message group (Sync or simple Query) and, when that leaves a transaction open, until the
 * transaction ends. Other connections wait their turn.
 */
export class ExclusiveQueryQueue {
  private queue: Job[] = [];
  private owner: number | null = null;
  private running = false;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.drain();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  /**
   * Runs `sql` on the session when no connection owns it (between two message groups, never inside a connection's
   * transaction): maintenance such as ANALYZE, which PGlite has no background worker for. Answers the milliseconds
   * it ran (its wait for the session left out).
   */
  maintenance(sql: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({
        handlerId: MAINTENANCE,
        message: new Uint8Array(0),
        sql,
        onData: () => undefined,
        resolve,
        reject,
      });
      void this.drain();
    });
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((j) =>
      j.handlerId === handlerId ? (j.reject(new Error('Handler disconnected')), false) : true,
    );
  }

  /** A connection that drops while owning the session gives it back, rolling back what it left open. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    this.owner = null;
    void this.drain();
  }

  private next(): Job | undefined {
    if (this.owner === null) return this.queue.shift();
    const i = this.queue.findIndex((j) => j.handlerId === this.owner);
    return i === -1 ? undefined : this.queue.splice(i, 1)[0];
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let job = this.next(); job; job = this.next()) {
        this.owner = job.handlerId;
        let bytes = 0;
        if (job.sql !== undefined) {
          const sql = job.sql;
          const started = Date.now();
          // exec takes PGlite's own lock (runExclusive around it would wait for itself).
          await this.db.exec(sql).then(() => job!.resolve(Date.now() - started), job.reject);
          this.owner = null;
          continue;
        }
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(job!.message, {
              onRawData: (d) => {
                bytes += d.length;
                job!.onData(d);
              },
            }),
          );
          job.resolve(bytes);
        } catch (e) {
          job.reject(e);
        }
        const type = job.message[0];
        // The startup packet has no type byte (its first byte is part of a small length: 0).
        const groupEnds = type === SYNC || type === QUERY || type === TERMINATE || type === 0;
        if (groupEnds && !this.db.isInTransaction()) this.owner = null;
      }
    } finally {
      this.running = false;
    }
  }
}

const PASSWORD = 0x70; // 'p'
const PROTOCOL_3 = 196608;

/** The bytes of one backend message: type, length, body. */
function backendMessage(type: string, body: Buffer): Uint8Array {
  const out = Buffer.alloc(5 + body.length);
  out.write(type, 0, 'latin1');
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return new Uint8Array(out);
}

/** AuthenticationMD5Password with the connection's salt. */
const askMd5 = (salt: Buffer) => backendMessage('R', Buffer.concat([Buffer.from([0, 0, 0, 5]), salt]));

/** A FATAL ErrorResponse (28P01: invalid_password), as PostgreSQL sends it before closing the connection. */
const authFailed = () =>
  backendMessage('E', Buffer.from('SFATAL\0VFATAL\0C28P01\0Mpassword authentication failed\0\0', 'latin1'));

/** The "user" parameter of a StartupMessage. */
function startupUser(message: Uint8Array): string {
  const fields = Buffer.from(message.subarray(8)).toString('utf8').split('\0');
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === 'user') return fields[i + 1];
  return '';
}

interface Pending {
  startup: Uint8Array;
  expected: Buffer;
}

/**
 * Password authentication in front of the embedded database. PGlite answers every StartupMessage with
 * AuthenticationOk, so any local process could connect to the loopback port: here a connection first gets an MD5
 * password challenge, and its StartupMessage reaches PGlite only once it proved it knows this start's password.
 * A wrong answer, or any other message first, gets a FATAL error and the connection is dropped.
 */
export class PasswordCheckingQueue {
  private readonly pending = new Map<number, Pending>();
  private readonly authenticated = new Set<number>();

  constructor(
    private readonly inner: ExclusiveQueryQueue,
    private readonly password: string,
  ) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    if (this.authenticated.has(handlerId)) return this.inner.enqueue(handlerId, message, onData);
    const pending = this.pending.get(handlerId);
    const isStartup = message.length >= 8 && Buffer.from(message).readInt32BE(4) === PROTOCOL_3;
    if (!pending && isStartup) {
      const salt = crypto.randomBytes(4);
      const user = startupUser(message);
      // md5(md5(password + user) + salt), as libpq computes it.
      const inner = crypto
        .createHash('md5')
        .update(this.password + user)
        .digest('hex');
      const expected = Buffer.from(`md5${crypto.createHash('md5').update(inner).update(salt).digest('hex')}`);
      this.pending.set(handlerId, { startup: message, expected });
      const challenge = askMd5(salt);
      onData(challenge);
      return Promise.resolve(challenge.length);
    }
    if (pending && message[0] === PASSWORD) {
      this.pending.delete(handlerId);
      const given = Buffer.from(message.subarray(5)).toString('latin1').replace(/\0$/, '');
      const answer = Buffer.from(given, 'latin1');
      if (answer.length === pending.expected.length && crypto.timingSafeEqual(answer, pending.expected)) {
        this.authenticated.add(handlerId);
        // PGlite now answers the StartupMessage: AuthenticationOk, parameters, ReadyForQuery.
        return this.inner.enqueue(handlerId, pending.startup, onData);
      }
    }
    this.pending.delete(handlerId);
    onData(authFailed());
    return Promise.reject(new Error('password authentication failed'));
  }

  getQueueLength(): number {
    return this.inner.getQueueLength();
  }

  clearQueueForHandler(handlerId: number): void {
    this.pending.delete(handlerId);
    this.authenticated.delete(handlerId);
    this.inner.clearQueueForHandler(handlerId);
  }

  clearTransactionIfNeeded(handlerId: number): Promise<void> {
    return this.inner.clearTransactionIfNeeded(handlerId);
  }
}
