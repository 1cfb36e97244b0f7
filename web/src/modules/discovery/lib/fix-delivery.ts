import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { fixOutbox, OUTBOX_LIMITS, type OutboxFix } from './fix-outbox';

/** One fix as sent to the server: reportLocation (live) or one item of reportLocations (replay). */
export interface FixReport {
  /** UUID given when the fix was taken: a fix sent twice is stored once. */
  clientId: string;
  latitude: number;
  longitude: number;
  accuracy: number;
  timestamp: string;
}

/** Sends one live fix (reportLocation); injected by the React runtime (Apollo lives there). */
export type FixSender = (report: FixReport) => Promise<unknown>;
/** Sends up to OUTBOX_LIMITS.batchSize kept fixes, oldest first (reportLocations). */
export type BatchSender = (reports: FixReport[]) => Promise<unknown>;

/** GraphQL error codes that say "later": the server failed or asks to slow down. */
const RETRY_LATER_CODES = new Set(['INTERNAL_SERVER_ERROR', 'TOO_MANY_REQUESTS']);

function retryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

/**
 * Whether a fix that failed to go should be kept for later: no answer (offline, network error), a 5xx
 * or a 429. Any other answer (bad input, signed out) is final: keeping it would retry it forever.
 */
export function isRetryable(error: unknown): boolean {
  if (ServerError.is(error) || ServerParseError.is(error)) return retryableStatus(error.statusCode);
  if (CombinedGraphQLErrors.is(error))
    return error.errors.some((e) => RETRY_LATER_CODES.has(String(e.extensions?.code)));
  return true;
}

/** A client id for a fix, unique across devices (randomUUID needs a secure context: a fallback else). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;
const report = ({ clientId, latitude, longitude, accuracy, timestamp }: OutboxFix): FixReport => ({
  clientId,
  latitude,
  longitude,
  accuracy,
  timestamp,
});

let sendOne: FixSender | null = null;
let sendBatch: BatchSender | null = null;
/** Every outbox operation runs after the previous one: fixes reach the server in the order taken. */
let queue: Promise<unknown> = Promise.resolve();

function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const next = queue.then(task);
  queue = next.catch((error: unknown) => {
    // IndexedDB unavailable (private mode) or refused: the fix is lost, tracking goes on.
    console.error("Erreur lors de l'enregistrement de la position", error);
  });
  return next;
}

/** Sends the backlog oldest first; true once it is empty, false when it must wait (offline, 5xx, 429). */
async function sendBacklog(userId: string): Promise<boolean> {
  for (;;) {
    const kept = await fixOutbox.oldest(OUTBOX_LIMITS.batchSize);
    // Fixes of another account (a session that ended without a sign-out here) are never sent.
    const others = kept.filter((fix) => fix.userId !== userId);
    if (others.length > 0) await fixOutbox.remove(others.map((fix) => fix.clientId));
    const mine = kept.filter((fix) => fix.userId === userId);
    if (mine.length === 0) {
      if (others.length > 0) continue;
      return true;
    }
    if (!sendBatch || !isOnline()) return false;
    try {
      await sendBatch(mine.map(report));
    } catch (error) {
      if (isRetryable(error)) return false;
      console.error('Positions refusées par le serveur, abandonnées', mine.length, error);
    }
    // Answered (stored, duplicates, or refused for good): these fixes are done.
    await fixOutbox.remove(mine.map((fix) => fix.clientId));
  }
}

/** The backlog first; an outbox that cannot open (private mode) must not hold the live fixes back. */
function sendBacklogOrSkip(userId: string): Promise<boolean> {
  return sendBacklog(userId).catch((error: unknown) => {
    console.error('Positions en attente illisibles', error);
    return true;
  });
}

/**
 * The way of a fix to the server: the backlog goes first (so the server matches in fix-time order),
 * then the live fix through reportLocation; what cannot go now waits in the IndexedDB outbox.
 */
export const fixDelivery = {
  setSenders(senders: { one: FixSender | null; batch: BatchSender | null }): void {
    sendOne = senders.one;
    sendBatch = senders.batch;
  },
  /** Sends (or keeps) a fix just taken by the signed-in user `userId`. */
  deliver(fix: FixReport & { time: number }, userId: string): Promise<void> {
    return enqueue(async () => {
      const { time, ...live } = fix;
      const keep = () => fixOutbox.keep({ ...live, userId, time });
      if (!sendOne || !isOnline() || !(await sendBacklogOrSkip(userId))) return keep();
      try {
        await sendOne(live);
      } catch (error) {
        // A failed save is logged; one the server may take later is kept, tracking goes on.
        console.error("Erreur lors de l'enregistrement de la position", error);
        if (isRetryable(error)) await keep();
      }
    });
  },
  /** Replays the backlog of `userId` when it can (back online, app visible again or resumed). */
  flush(userId: string): Promise<boolean> {
    return enqueue(() => sendBacklog(userId));
  },
  /** Forgets every kept fix (sign-out, account deletion), without waiting for a replay under way. */
  clear(): Promise<void> {
    return fixOutbox.clear().catch((error: unknown) => {
      console.error('Erreur lors de la suppression des positions en attente', error);
    });
  },
  /** Test helper: waits for every queued operation. */
  idle(): Promise<unknown> {
    return queue;
  },
};
