import { Router } from 'express';
import type { WebhooksService } from './webhooks.service';
import type { Webhook, WebhookDelivery } from './webhook.entities';

/** REST shape of a webhook (never its secret after creation). */
const toWebhookJson = (w: Webhook) => ({
  id: w.id,
  url: w.url,
  events: w.events,
  createdAt: w.createdAt,
  disabledAt: w.disabledAt,
});

const toDeliveryJson = (d: WebhookDelivery) => ({
  id: d.id,
  eventId: d.eventId,
  eventType: d.eventType,
  status: d.status,
  attempts: d.attempts,
  lastResponseCode: d.lastResponseCode,
  lastError: d.lastError,
  createdAt: d.createdAt,
  deliveredAt: d.deliveredAt,
});

/** REST routes of webhooks (cookie session or the webhooks scope). */
export function webhooksRouter(services: { webhooks: WebhooksService }): Router {
  const r = Router();
  r.get('/webhooks', async (req, res) => {
    res.json((await services.webhooks.list(req.viewer)).map(toWebhookJson));
  });
  r.post('/webhooks', async (req, res) => {
    const { webhook, secret } = await services.webhooks.create(req.viewer, req.body, req.accessToken ?? null);
    res.status(201).json({ webhook: toWebhookJson(webhook), secret });
  });
  r.delete('/webhooks/:id', async (req, res) => {
    await services.webhooks.delete(req.viewer, req.params.id);
    res.status(204).end();
  });
  r.get('/webhooks/:id/deliveries', async (req, res) => {
    res.json((await services.webhooks.deliveries(req.viewer, req.params.id)).map(toDeliveryJson));
  });
  return r;
}
