import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** How much the outbox keeps, and how much one replay request carries. */
export const OUTBOX_LIMITS = {
  /** The oldest fixes are dropped past this count. */
  maxFixes: 2_000,
  /** Fixes older than this are dropped: a day-old walk is no longer a discovery. */
  maxAgeMs: 24 * 60 * 60 * 1000,
  /** reportLocations takes at most 500 fixes per call. */
  batchSize: 500,
} as const;

/** A fix waiting to be sent: what reportLocations takes, plus whose it is and when it was taken. */
export interface OutboxFix {
  /** UUID given when the fix was taken; the server stores a (user, clientId) once. */
  clientId: string;
  /** The signed-in user who took it: never sent under another account. */
  userId: string;
  latitude: number;
  longitude: number;
  accuracy: number;
  /** ISO time of the fix. */
  timestamp: string;
  /** Epoch milliseconds of the fix (the order of the replay, and its age). */
  time: number;
}

interface OutboxSchema extends DBSchema {
  fixes: { key: string; value: OutboxFix; indexes: { 'by-time': number } };
}

const DB_NAME = 'flaneur-fix-outbox';
const STORE = 'fixes';

let db: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function open(): Promise<IDBPDatabase<OutboxSchema>> {
  db ??= openDB<OutboxSchema>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(STORE, { keyPath: 'clientId' }).createIndex('by-time', 'time');
    },
  }).catch((error: unknown) => {
    db = null; // private mode or a blocked upgrade: the next call tries again
    throw error;
  });
  return db;
}

/** Drops fixes older than a day, then the oldest ones past the cap. */
async function prune(database: IDBPDatabase<OutboxSchema>, now: number): Promise<void> {
  const tx = database.transaction(STORE, 'readwrite');
  const index = tx.store.index('by-time');
  let expired = await index.openCursor(IDBKeyRange.upperBound(now - OUTBOX_LIMITS.maxAgeMs, true));
  while (expired) {
    await expired.delete();
    expired = await expired.continue();
  }
  let excess = (await index.count()) - OUTBOX_LIMITS.maxFixes;
  let oldest = excess > 0 ? await index.openCursor() : null;
  while (oldest && excess > 0) {
    await oldest.delete();
    excess -= 1;
    oldest = await oldest.continue();
  }
  await tx.done;
}

/**
 * Fixes that could not be sent yet, in IndexedDB (they survive a closed tab or a killed app), at most
 * OUTBOX_LIMITS.maxFixes and one day old. Removed only once the server has answered for them.
 */
export const fixOutbox = {
  async keep(fix: OutboxFix, now: number = Date.now()): Promise<void> {
    const database = await open();
    await database.put(STORE, fix);
    await prune(database, now);
  },
  /** The oldest fixes still worth sending, oldest first. */
  async oldest(limit: number, now: number = Date.now()): Promise<OutboxFix[]> {
    const database = await open();
    await prune(database, now);
    const fixes: OutboxFix[] = [];
    let cursor = await database.transaction(STORE).store.index('by-time').openCursor();
    while (cursor && fixes.length < limit) {
      fixes.push(cursor.value);
      cursor = await cursor.continue();
    }
    return fixes;
  },
  async remove(clientIds: readonly string[]): Promise<void> {
    const database = await open();
    const tx = database.transaction(STORE, 'readwrite');
    await Promise.all([...clientIds.map((id) => tx.store.delete(id)), tx.done]);
  },
  async count(): Promise<number> {
    return (await open()).count(STORE);
  },
  /** Forgets every kept fix (sign-out, account deletion). */
  async clear(): Promise<void> {
    if (typeof indexedDB === 'undefined') return; // nothing can have been kept
    await (await open()).clear(STORE);
  },
};
