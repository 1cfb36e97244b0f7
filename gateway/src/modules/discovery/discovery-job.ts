import { DropJob, type Outbox } from '../../outbox/outbox';
import type { WebhooksService } from '../webhooks/webhooks.service';

/**
 * The outbox job a location report writes with its discoveries, in its transaction (discovery.entries.sql.ts). Its
 * kind keeps the name it had when the passing alerts consumed it, so jobs already queued are still read.
 */
export const DISCOVERY_JOB = 'discovery.alert';

/** The payload of a DISCOVERY_JOB. */
export interface DiscoveryJobPayload {
  userId: number;
  /** ISO time of the fix that found the listings (of the newest one for a batch). */
  fixAt: string;
  /** Nearest first; distanceM in whole metres from the fix that found the listing. */
  items: { propertyId: number; distanceM: number }[];
}

/**
 * Consumes the DISCOVERY_JOB: the `discovery.created` webhook for each discovery, live or replayed, whatever the push
 * settings (at least once: the event ids make a repeat of the job deliver nothing new), then `alert`, the passing
 * alert of the user's devices (the notifications domain, handed in by the wiring).
 */
export function consumeDiscoveries(deps: {
  outbox: Outbox;
  webhooks: WebhooksService;
  alert: (job: DiscoveryJobPayload) => Promise<void>;
}): void {
  deps.outbox.register<DiscoveryJobPayload>(DISCOVERY_JOB, async (job) => {
    const userId = Number(job?.userId);
    const fixAt = Date.parse(String(job?.fixAt));
    if (!Number.isInteger(userId) || !Number.isFinite(fixAt) || !Array.isArray(job.items))
      throw new DropJob('malformed discovery.alert');
    await deps.webhooks.emitNow(
      ...job.items.map((item) => ({
        type: 'discovery.created' as const,
        id: `discovery_${userId}_${Number(item.propertyId)}_${fixAt}`,
        userIds: [userId],
        data: {
          discovery: {
            propertyId: Number(item.propertyId),
            distanceM: Number(item.distanceM),
            discoveredAt: new Date(fixAt).toISOString(),
          },
        },
      })),
    );
    await deps.alert(job);
  });
}
