import type { ListingState, UserRole } from '@flaneur/schema';

/**
 * The one rule of a listing's visibility (docs/decisions.md « Listing state », « Trust shield »):
 * - public and discoverable (search, Explorer, discovery, walks, alerts, panels, lists, sitemap): published, not
 *   hidden by moderation, and its owner's account not suspended;
 * - its page opens for anyone when published or withdrawn (« Annonce retirée ») and not hidden nor of a suspended
 *   account; a draft for its owner only; a hidden listing (or one of a suspended account) for its owner and the
 *   moderators only.
 */

/** SQL: the listing of alias `alias` is not held back by moderation (hidden, or its owner suspended). */
function listingUnmoderatedSql(alias: string): string {
  return `${alias}.hidden_at IS NULL AND NOT ${alias}.owner_suspended`;
}

/** SQL: the listing of alias `alias` is public and discoverable (a constant predicate, no placeholder). */
export function listingPublicSql(alias: string): string {
  return `(${alias}.listing_state = 'published' AND ${listingUnmoderatedSql(alias)})`;
}

/** SQL: the listing's page opens for anyone (published or withdrawn, not held back; else only canOpenListing). */
export function listingOpenSql(alias: string): string {
  return `(${alias}.listing_state <> 'draft' AND ${listingUnmoderatedSql(alias)})`;
}

/** The columns the rule reads. */
type Visible = { listingState: ListingState; hiddenAt: Date | null; ownerSuspended: boolean };

const held = (p: Visible) => p.hiddenAt !== null || p.ownerSuspended;

/** TS twin of listingPublicSql. */
export function isListingPublic(p: Visible): boolean {
  return p.listingState === 'published' && !held(p);
}

/**
 * Whether the listing's page opens for the viewer: its owner always; a moderator unless it is a draft; anyone
 * else when published or withdrawn and not held back by moderation.
 */
export function canOpenListing(
  p: Visible & { ownerId: number | null },
  viewer: { id: number; role?: UserRole } | null | undefined,
): boolean {
  if (viewer && p.ownerId !== null && Number(p.ownerId) === viewer.id) return true;
  if (p.listingState === 'draft') return false;
  if (held(p)) return viewer?.role === 'moderator';
  return true;
}
