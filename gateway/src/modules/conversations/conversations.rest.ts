import { Router } from 'express';
import type { Services } from '../../services';
import { toMessageJson, toSummaryJson, toThreadJson } from './conversations.json';

/** Legacy REST routes of SPEC.md §7 for conversations and messages; each calls one service. */
export function conversationsRouter(services: Services): Router {
  const r = Router();
  r.get('/conversations', async (req, res) => {
    res.json((await services.conversations.list(req.viewer ?? null)).map(toSummaryJson));
  });
  r.post('/conversations', async (req, res) => {
    const { id, created } = await services.conversations.startFromPair(req.viewer ?? null, req.body);
    res.status(created ? 201 : 200).json({ id });
  });
  r.get('/conversations/:id', async (req, res) => {
    res.json(toThreadJson(await services.conversations.thread(req.viewer ?? null, req.params.id, req.query.userId)));
  });
  r.post('/conversations/:id/read', async (req, res) => {
    const updated = await services.messages.markRead(req.viewer ?? null, req.params.id, req.body?.userId);
    res.json({ success: true, updated });
  });
  r.post('/conversations/:id/messages', async (req, res) => {
    const message = await services.messages.send(req.viewer ?? null, req.params.id, req.body, req.body?.senderId);
    res.status(201).json(toMessageJson(message));
  });
  r.get('/messages/unread', async (req, res) => {
    res.json(await services.conversations.unreadCount(req.viewer ?? null));
  });
  return r;
}
