import { z } from 'zod';
import { MSG } from '../constants/messages';

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
