import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub } from '@graphql-yoga/subscription';
import Redis from 'ioredis';
import type { Logger } from '../lib/logger';

/** Event topics. Payloads carry ids only: every instance reloads fresh rows, so nothing stale or private travels. */
export const Topic = {
  DiscoveryAdded: 'DISCOVERY_ADDED',
  MessageAdded: 'MESSAGE_ADDED',
  ConversationUpdated: 'CONVERSATION_UPDATED',
  VisitRequestChanged: 'VISIT_REQUEST_CHANGED',
  FeedImportChanged: 'FEED_IMPORT_CHANGED',
  /** A session, every session of a user, or an access token has ended: each instance closes its matching websockets. */
  SessionsEnded: 'SESSIONS_ENDED',
} as const;

/** Routing id (user or conversation) and payload of each topic. */
export type TopicArgs = {
  /** id: the discovering user. */
  [Topic.DiscoveryAdded]: [userId: number, payload: { entryId: number }];
  /** id: the conversation. */
  [Topic.MessageAdded]: [conversationId: number, payload: { messageId: number; conversationId: number }];
  /** id: the user whose conversation list changed. */
  [Topic.ConversationUpdated]: [userId: number, payload: { conversationId: number; userId: number }];
  /** id: the user to tell (the owner on a new request, the requester on an answer). */
  [Topic.VisitRequestChanged]: [userId: number, payload: { requestId: number }];
  /** id: the agency whose import moved on (status, counts). */
  [Topic.FeedImportChanged]: [userId: number, payload: { importId: number }];
  /** Not routed: every instance hears it. */
  [Topic.SessionsEnded]: [payload: { sessionId?: string; userId?: number; tokenId?: number }];
};

/** Publish and subscribe behind one interface: in-process by default, Redis when REDIS_URL is set. */
export type AppPubSub = ReturnType<typeof createPubSub<TopicArgs>>;

type Listener = (event: CustomEvent) => void;
type ListenerArg = Listener | { handleEvent: Listener } | null | undefined;
const callbackOf = (arg: ListenerArg): Listener | undefined =>
  arg == null ? undefined : typeof arg === 'function' ? arg : arg.handleEvent.bind(arg);

/**
 * The Redis event target, degrading to this instance while Redis is unreachable: an event that cannot be published
 * (not connected, or the PUBLISH failed) is delivered to this instance's own subscribers instead of being lost or
 * left to an unhandled rejection. Other instances miss it; their clients refetch after a reconnection. Once Redis
 * answers again (ioredis reconnects and resubscribes by itself), events travel through it again.
 */
function degradingEventTarget(publishClient: Redis, subscribeClient: Redis, onDegraded: (err?: unknown) => void) {
  const redis = createRedisEventTarget({ publishClient, subscribeClient });
  const local = new Map<string, Map<ListenerArg, Listener>>();
  const deliverLocally = (type: string, detail: unknown) => {
    const copy = detail === undefined ? undefined : JSON.parse(JSON.stringify(detail));
    for (const callback of [...(local.get(type)?.values() ?? [])]) callback(new CustomEvent(type, { detail: copy }));
  };
  return {
    addEventListener(type: string, listener: ListenerArg) {
      const callback = callbackOf(listener);
      if (!callback) return;
      if (!local.has(type)) local.set(type, new Map());
      local.get(type)!.set(listener, callback);
      redis.addEventListener(type, listener as never);
    },
    removeEventListener(type: string, listener: ListenerArg) {
      const callbacks = local.get(type);
      callbacks?.delete(listener);
      if (callbacks?.size === 0) local.delete(type);
      redis.removeEventListener(type, listener as never);
    },
    dispatchEvent(event: CustomEvent) {
      const payload = event.detail === undefined ? '' : JSON.stringify(event.detail);
      if (publishClient.status !== 'ready') {
        onDegraded();
        deliverLocally(event.type, event.detail);
        return true;
      }
      publishClient.publish(event.type, payload).catch((err: unknown) => {
        onDegraded(err);
        deliverLocally(event.type, event.detail);
      });
      return true;
    },
  };
}

/** Builds the pub/sub and a close function for shutdown. */
export function createAppPubSub(
  redisUrl?: string,
  logger?: Pick<Logger, 'warn'>,
): { pubsub: AppPubSub; close(): Promise<void> } {
  if (!redisUrl) return { pubsub: createPubSub<TopicArgs>(), close: async () => {} };
  // No offline queue for publishing: while Redis is away an event is delivered locally at once, not held back.
  const publishClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  // Subscriptions wait for Redis however long it is away (a rejected SUBSCRIBE would be an unhandled rejection).
  const subscribeClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
  // One warning per outage, not one per reconnection attempt or per event.
  let healthy = true;
  const degraded = (err?: unknown) => {
    if (!healthy) return;
    healthy = false;
    logger?.warn({ err }, 'Redis unreachable: events are delivered on this instance only');
  };
  publishClient.on('ready', () => (healthy = true));
  publishClient.on('error', degraded);
  subscribeClient.on('error', () => undefined); // Reported through the publishing client; ioredis reconnects.
  const eventTarget = degradingEventTarget(publishClient, subscribeClient, degraded);
  return {
    pubsub: createPubSub<TopicArgs>({ eventTarget: eventTarget as never }),
    async close() {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}
