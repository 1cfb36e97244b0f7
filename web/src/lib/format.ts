import { TZDate } from '@date-fns/tz';
import { format as formatDate } from 'date-fns';
import { fr } from 'date-fns/locale/fr';

/** "Today" and every displayed time are read in this zone, not the device's (docs/decisions.md#web-shared-rules). */
export const PARIS_TIME_ZONE = 'Europe/Paris';

/** Date patterns: cards, conversation list, messages. */
export const DATE_PATTERNS = { card: 'd MMM HH:mm', day: 'd MMM', time: 'HH:mm' } as const;

/** Strings are parsed as floats; anything unreadable gives NaN. */
function toNumber(value: number | string | null | undefined): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number.parseFloat(value);
  return Number.NaN;
}

// Whole amounts show no decimals ("350 000 €"); others show cents ("850,50 €").
function fractionDigits(amount: number): Intl.NumberFormatOptions {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return { minimumFractionDigits: digits, maximumFractionDigits: digits };
}

const CURRENCY_LOCALES: Record<string, string> = { EUR: 'fr-FR', USD: 'en-US', GBP: 'en-GB' };

/**
 * Currency helper: EUR in French style, USD in US style, GBP in UK style, any other code as
 * the French number followed by the code; `monthly` appends "/mois". Unreadable amounts give "—".
 */
export function formatCurrency(
  amount: number | string | null | undefined,
  currency: string | null | undefined = 'EUR',
  monthly = false,
): string {
  const value = toNumber(amount);
  if (!Number.isFinite(value)) return '—';
  const code = (currency || 'EUR').toUpperCase();
  const locale = CURRENCY_LOCALES[code];
  const text = locale
    ? new Intl.NumberFormat(locale, { style: 'currency', currency: code, ...fractionDigits(value) }).format(value)
    : `${new Intl.NumberFormat('fr-FR', fractionDigits(value)).format(value)} ${code}`;
  return monthly ? `${text}/mois` : text;
}

/** A listing's price: French style, "€/mois" for rentals, "€" otherwise. */
export function formatPrice(
  price: number | string | null | undefined,
  isRental: boolean,
  currency: string | null | undefined = 'EUR',
): string {
  return formatCurrency(price, currency, isRental);
}

/** A short price for map markers: "350 k€", "1,2 M€", "950 €". */
export function formatCompactPrice(price: number | string | null | undefined): string {
  const value = toNumber(price);
  if (!Number.isFinite(value)) return '—';
  const number = (n: number, digits: number) =>
    new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits }).format(n);
  if (value >= 1_000_000) return `${number(value / 1_000_000, 1)} M€`;
  if (value >= 10_000) return `${number(value / 1_000, 0)} k€`;
  return `${number(value, 0)} €`;
}

/** A plain French number ("2,5", "1 200"). */
export function formatNumber(value: number, maximumFractionDigits = 1): string {
  return new Intl.NumberFormat('fr-FR', { maximumFractionDigits }).format(value);
}

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Formats an instant in Europe/Paris with the French locale; "" when the value is not a date. */
export function formatParis(value: Date | string | number | null | undefined, pattern: string): string {
  const date = toDate(value);
  if (!date) return '';
  return formatDate(new TZDate(date.getTime(), PARIS_TIME_ZONE), pattern, { locale: fr });
}

/** 'd MMM HH:mm' in Europe/Paris (history cards): "5 janv. 14:30". */
export function formatCardDate(value: Date | string | number | null | undefined): string {
  return formatParis(value, DATE_PATTERNS.card);
}

/** 'd MMM' in Europe/Paris (conversation list). */
export function formatDay(value: Date | string | number | null | undefined): string {
  return formatParis(value, DATE_PATTERNS.day);
}

/** 'HH:mm' in Europe/Paris (messages, today's discoveries). */
export function formatTime(value: Date | string | number | null | undefined): string {
  return formatParis(value, DATE_PATTERNS.time);
}

/** The Europe/Paris calendar day of an instant as "YYYY-MM-DD" (the `since` of today's history). */
export function parisDay(now: Date = new Date()): string {
  return formatDate(new TZDate(now.getTime(), PARIS_TIME_ZONE), 'yyyy-MM-dd');
}

/** Whether an instant falls on the given Europe/Paris calendar day ("YYYY-MM-DD"). */
export function isOnParisDay(value: Date | string | number | null | undefined, day: string): boolean {
  const date = toDate(value);
  return date !== null && parisDay(date) === day;
}
