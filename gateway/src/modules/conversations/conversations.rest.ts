import { Router } from 'express';
import { sameUserIn } from '../../http/legacy-identity';
import { otherOfPair } from './legacy-pair';
import type { ConversationsService } from './conversations.service';
import type { MessagesService } from './messages.service';
import { toMessageJson, toSummaryJson, toThreadJson } from './conversations.json';

/** Legacy REST routes for conversations and messages; each calls one service. */
export function conversationsRouter(services: {
  conversations: ConversationsService;
  messages: MessagesService;
}): Router {
  const r = Router();
  r.get('/conversations', async (req, res) => {
    res.json((await services.conversations.list(req.viewer)).map(toSummaryJson));
  });
  r.post('/conversations', async (req, res) => {
    const otherUserId = otherOfPair(req.viewer, req.body);
    const { id, created } = await services.conversations.start(req.viewer, otherUserId, req.body?.propertyId);
    res.status(created ? 201 : 200).json({ id });
  });
  r.get('/conversations/:id', sameUserIn('query'), async (req, res) => {
    res.json(toThreadJson(await services.conversations.thread(req.viewer, req.params.id)));
  });
  r.post('/conversations/:id/read', sameUserIn('body'), async (req, res) => {
    const updated = await services.messages.markRead(req.viewer, req.params.id);
    res.json({ success: true, updated });
  });
  r.post('/conversations/:id/messages', sameUserIn('body', 'senderId'), async (req, res) => {
    const message = await services.messages.send(req.viewer, req.params.id, req.body, req.accessToken ?? null);
    res.status(201).json(toMessageJson(message));
  });
  r.get('/messages/unread', async (req, res) => {
    res.json(await services.conversations.unreadCount(req.viewer));
  });
  return r;
}
