import type { Report } from './report.entity';

/** The REST shape of a report (the reporter's own view). */
export const reportJson = (r: Report) => ({
  id: r.id,
  targetType: r.targetType,
  targetId: r.targetId,
  reason: r.reason,
  comment: r.comment,
  createdAt: r.createdAt,
});
