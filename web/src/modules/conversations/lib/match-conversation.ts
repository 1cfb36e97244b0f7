import type { ConversationRowFragment } from '../../../gql/graphql';
import { displayName } from '../../../lib/display-name';

/** Lower case without accents, so "helene" finds "Hélène". */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** Whether a row matches the search box: participant name, username or listing title. */
export function matchesConversation(row: ConversationRowFragment, query: string): boolean {
  const q = normalizeSearch(query);
  if (!q) return true;
  const haystack = [displayName(row.participant), row.participant.username, row.propertyTitle].map(normalizeSearch);
  return haystack.some((text) => text.includes(q));
}

/** Most recent activity first (the list is re-sorted when a live update moves a row). */
export function byLastActivity(a: ConversationRowFragment, b: ConversationRowFragment): number {
  return Date.parse(b.lastActivityAt) - Date.parse(a.lastActivityAt);
}
