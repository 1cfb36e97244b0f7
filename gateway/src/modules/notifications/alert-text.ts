import { NOTIFICATION_LIMITS } from '@flaneur/schema';

/*
 * The words of the alerts. Prices are written exactly as the web shows them (fr-FR currency, "/mois" for a rental),
 * so that the notification and the card it opens agree.
 */

const CURRENCY_LOCALES: Record<string, string> = { EUR: 'fr-FR', USD: 'en-US', GBP: 'en-GB' };

/** A listing's price as the web writes it: "350 000 €", "1 250 €/mois", "850,50 €"; "—" when unreadable. */
export function formatListingPrice(price: number | string, isRental: boolean, currency = 'EUR'): string {
  const value = typeof price === 'number' ? price : Number.parseFloat(price);
  if (!Number.isFinite(value)) return '—';
  const digits = Number.isInteger(value) ? 0 : 2;
  const opts = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  const code = (currency || 'EUR').toUpperCase();
  const locale = CURRENCY_LOCALES[code];
  const text = locale
    ? new Intl.NumberFormat(locale, { style: 'currency', currency: code, ...opts }).format(value)
    : `${new Intl.NumberFormat('fr-FR', opts).format(value)} ${code}`;
  return isRental ? `${text}/mois` : text;
}

/** What a push says; `data` travels to the service worker as JSON. */
export interface PushMessage {
  type: 'discovery' | 'message' | 'visit_request' | 'price_drop' | 'walk_digest' | 'test';
  title: string;
  body: string;
  url: string;
  [extra: string]: unknown;
}

export interface PassingListing {
  id: number;
  title: string;
  price: string | number;
  isRental: boolean;
  currency: string;
  distanceM: number;
}

const line = (p: PassingListing) =>
  `${p.title} · ${formatListingPrice(p.price, p.isRental, p.currency)} · à ${Math.round(p.distanceM)} m`;

/** One push for one pass: the listing itself, or the nearest one and how many others (nearest first). */
export function passingAlert(listings: PassingListing[]): PushMessage {
  const n = listings.length;
  const propertyIds = listings.map((p) => p.id);
  if (n === 1)
    return {
      type: 'discovery',
      title: 'Vous passez devant un bien',
      body: line(listings[0]),
      url: `/property/${listings[0].id}`,
      count: 1,
      propertyIds,
    };
  const others = n - 1;
  return {
    type: 'discovery',
    title: `${n} biens pour vous autour d'ici`,
    body: `${line(listings[0])}, et ${others === 1 ? '1 autre' : `${others} autres`}`,
    url: '/history',
    count: n,
    propertyIds,
  };
}

/** The first characters of a message, on one line. */
export function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const max = NOTIFICATION_LIMITS.messagePreviewChars;
  return [...flat].length > max ? `${[...flat].slice(0, max).join('')}…` : flat;
}

export function messageAlert(senderFirstName: string, content: string, conversationId: number): PushMessage {
  return {
    type: 'message',
    title: `Nouveau message de ${senderFirstName}`,
    body: preview(content) || 'Documents joints',
    url: `/messages/${conversationId}`,
    conversationId,
  };
}

export function visitRequestAlert(
  requesterFirstName: string,
  listingTitle: string,
  conversationId: number | null,
): PushMessage {
  return {
    type: 'visit_request',
    title: 'Nouvelle demande de visite',
    body: `${requesterFirstName} souhaite visiter « ${listingTitle} »`,
    url: conversationId ? `/messages/${conversationId}` : '/messages',
    conversationId,
  };
}

/** « Baisse de prix : {titre} » to a user who keeps the listing in their favourites. */
export function priceDropAlert(
  p: { id: number; title: string; isRental: boolean; currency: string },
  oldPrice: string,
  newPrice: string,
): PushMessage {
  return {
    type: 'price_drop',
    title: `Baisse de prix : ${p.title}`,
    body: `${formatListingPrice(newPrice, p.isRental, p.currency)} au lieu de ${formatListingPrice(oldPrice, p.isRental, p.currency)}`,
    url: `/property/${p.id}`,
    propertyId: p.id,
  };
}

export const TEST_ALERT: PushMessage = {
  type: 'test',
  title: 'Les alertes de passage sont activées',
  body: 'Vous serez prévenu quand vous passerez devant un bien qui correspond à votre recherche.',
  url: '/settings',
};
