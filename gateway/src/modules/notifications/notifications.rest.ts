import { Router } from 'express';
import type { NotificationsService } from './notifications.service';

/** REST routes of Web Push: the VAPID key, the caller's devices, the alert settings and the test notification. */
export function notificationsRouter(services: { notifications: NotificationsService }): Router {
  const n = services.notifications;
  const r = Router();
  r.get('/push/public-key', (_req, res) => {
    res.json({ publicKey: n.publicKey() });
  });
  r.post('/push/subscriptions', async (req, res) => {
    const { id, created } = await n.subscribe(req.viewer, req.body);
    res.status(created ? 201 : 200).json({ id: String(id) });
  });
  r.delete('/push/subscriptions', async (req, res) => {
    res.json({ removed: await n.unsubscribe(req.viewer, req.body?.endpoint) });
  });
  r.post('/push/test', async (req, res) => {
    res.json({ devices: await n.sendTest(req.viewer) });
  });
  r.get('/notification-settings', async (req, res) => {
    res.json(await n.settings(req.viewer));
  });
  r.patch('/notification-settings', async (req, res) => {
    res.json(await n.updateSettings(req.viewer, req.body));
  });
  return r;
}
