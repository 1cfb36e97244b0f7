import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub } from '@graphql-yoga/subscription';
import Redis from 'ioredis';

/** Event topics. Payloads carry ids only: every instance reloads fresh rows, so nothing stale or private travels. */
export const Topic = {
  DiscoveryAdded: 'DISCOVERY_ADDED',
  MessageAdded: 'MESSAGE_ADDED',
  ConversationUpdated: 'CONVERSATION_UPDATED',
  VisitRequestChanged: 'VISIT_REQUEST_CHANGED',
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
  /** Not routed: every instance hears it. */
  [Topic.SessionsEnded]: [payload: { sessionId?: string; userId?: number; tokenId?: number }];
};

/** Publish and subscribe behind one interface: in-process by default, Redis when REDIS_URL is set. */
export type AppPubSub = ReturnType<typeof createPubSub<TopicArgs>>;

/** Builds the pub/sub and a close function for shutdown. */
export function createAppPubSub(redisUrl?: string): { pubsub: AppPubSub; close(): Promise<void> } {
  if (!redisUrl) return { pubsub: createPubSub<TopicArgs>(), close: async () => {} };
  const publishClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscribeClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const eventTarget = createRedisEventTarget({ publishClient, subscribeClient });
  return {
    pubsub: createPubSub<TopicArgs>({ eventTarget: eventTarget as never }),
    async close() {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}
