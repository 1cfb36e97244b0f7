import { z } from 'zod';
import { MSG } from '../constants/messages';
import type { TAccessTokenScope } from './access-token';

/** The events a webhook can receive; each reaches only the users allowed to see what it carries. */
export const WEBHOOK_EVENTS = [
  'discovery.created',
  'message.created',
  'favorite.created',
  'favorite.deleted',
  'property.created',
  'property.updated',
  'property.deleted',
  'visit_request.created',
  'visit_request.updated',
] as const;
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * The read scope each event needs: what it carries is what that scope reads. A webhook is registered for an event
 * only with its scope, and delivered only while the token that registered it is active and still has it.
 */
export const WEBHOOK_EVENT_SCOPES: Record<TWebhookEvent, TAccessTokenScope> = {
  'discovery.created': 'discoveries:read',
  'message.created': 'messages:read',
  'favorite.created': 'favorites',
  'favorite.deleted': 'favorites',
  'property.created': 'listings:read',
  'property.updated': 'listings:read',
  'property.deleted': 'listings:read',
  'visit_request.created': 'messages:read',
  'visit_request.updated': 'messages:read',
};

export const WEBHOOK_LIMITS = {
  /** Webhooks per user. */
  perUser: 10,
  urlMaxLength: 2048,
} as const;

/**
 * A new webhook: its receiver URL (checked again by the server against private addresses) and at least one event,
 * each once.
 */
export const ZCreateWebhook = z.object({
  url: z
    .string({ error: MSG.webhookUrlInvalid })
    .trim()
    .min(1, MSG.webhookUrlInvalid)
    .max(WEBHOOK_LIMITS.urlMaxLength, MSG.webhookUrlInvalid),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: MSG.webhookEventInvalid }), { error: MSG.webhookEventsRequired })
    .min(1, MSG.webhookEventsRequired)
    .max(WEBHOOK_EVENTS.length, MSG.webhookEventInvalid)
    .transform((events) => [...new Set(events)]),
});
export type TCreateWebhook = z.output<typeof ZCreateWebhook>;
