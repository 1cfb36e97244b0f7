import type { ModerationAction } from './moderation-action.entity';

/** The REST shape of a moderation decision (the moderator's id is not shown to the owner). */
export const moderationActionJson = (a: ModerationAction) => ({
  id: a.id,
  targetType: a.targetType,
  targetId: a.targetId,
  action: a.action,
  reason: a.reason,
  createdAt: a.createdAt,
  contest: a.contest,
  contestedAt: a.contestedAt,
});
