import type { PGlite } from '@electric-sql/pglite';

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

interface Job {
  handlerId: number;
  message: Uint8Array;
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
