import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Logger } from '../../lib/logger';

/** A conversation open on a device counts until its heartbeat is this old. */
export const PRESENCE_STALE_S = 90;
/** How often the open conversations of an instance are refreshed. */
export const PRESENCE_HEARTBEAT_MS = 30_000;

/** Which conversations are open on a user's devices (conversation_presence), on every gateway instance. */
export class ConversationPresence {
  /** Open conversations of this instance (presence rows), refreshed together by one heartbeat. */
  private readonly present = new Set<string>();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly deps: { db: DataSource; logger: Logger }) {}

  /** Whether one of the user's devices has the conversation open, on any gateway instance. */
  async isConversationOpen(userId: number, conversationId: number): Promise<boolean> {
    const rows: unknown[] = await this.deps.db.query(
      `SELECT 1 FROM conversation_presence WHERE user_id = $1 AND conversation_id = $2
         AND seen_at > now() - make_interval(secs => $3::int) LIMIT 1`,
      [userId, conversationId, PRESENCE_STALE_S],
    );
    return rows.length > 0;
  }

  /**
   * Marks the conversation open for the user while `source` (its live stream of messages) is subscribed: a row of
   * conversation_presence, written before the stream is handed over, refreshed by this instance's heartbeat,
   * deleted when the stream ends (client stop, socket closed).
   */
  async trackOpen<T>(
    userId: number,
    conversationId: number,
    source: AsyncIterable<T>,
  ): Promise<AsyncIterableIterator<T>> {
    const id = crypto.randomUUID();
    await this.deps.db.query(
      `INSERT INTO conversation_presence (id, user_id, conversation_id, seen_at) VALUES ($1, $2, $3, now())`,
      [id, userId, conversationId],
    );
    this.present.add(id);
    this.startHeartbeat();
    const inner = source[Symbol.asyncIterator]();
    let ended = false;
    const end = async () => {
      if (ended) return;
      ended = true;
      this.present.delete(id);
      await this.deps.db
        .query(`DELETE FROM conversation_presence WHERE id = $1`, [id])
        .catch((err: unknown) => this.deps.logger.warn({ err }, 'presence: could not delete a row'));
    };
    const iterator: AsyncIterableIterator<T> = {
      next: async () => {
        const r = await inner.next();
        if (r.done) await end();
        return r;
      },
      return: async (value?: unknown) => {
        await end();
        return (await inner.return?.(value)) ?? { done: true, value: value as T };
      },
      throw: async (err?: unknown) => {
        await end();
        if (inner.throw) return inner.throw(err);
        throw err;
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      if (!this.present.size) {
        clearInterval(this.heartbeat);
        this.heartbeat = undefined;
        return;
      }
      void this.deps.db
        .query(`UPDATE conversation_presence SET seen_at = now() WHERE id = ANY($1::uuid[])`, [[...this.present]])
        .then(() =>
          // Rows of instances that died without ending their streams.
          this.deps.db.query(`DELETE FROM conversation_presence WHERE seen_at < now() - interval '1 hour'`),
        )
        .catch((err: unknown) => this.deps.logger.warn({ err }, 'presence heartbeat failed'));
    }, PRESENCE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }
}
