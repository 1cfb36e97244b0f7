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

/** Making an Intl formatter costs far more than using one (a list formats every card): one per locale and options. */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
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
    ? numberFormat(locale, { style: 'currency', currency: code, ...fractionDigits(value) }).format(value)
    : `${numberFormat('fr-FR', fractionDigits(value)).format(value)} ${code}`;
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
  const number = (n: number, digits: number) => numberFormat('fr-FR', { maximumFractionDigits: digits }).format(n);
  if (value >= 1_000_000) return `${number(value / 1_000_000, 1)} M€`;
  if (value >= 10_000) return `${number(value / 1_000, 0)} k€`;
  return `${number(value, 0)} €`;
}

/** A plain French number ("2,5", "1 200"). */
export function formatNumber(value: number, maximumFractionDigits = 1): string {
  return numberFormat('fr-FR', { maximumFractionDigits }).format(value);
}

/** Cities whose postal code names the arrondissement (750XX, 690XX, 130XX), with their last one. */
const ARRONDISSEMENT_CITIES: { city: string; pattern: RegExp; last: number }[] = [
  { city: 'Paris', pattern: /^750(\d\d)$/, last: 20 },
  { city: 'Lyon', pattern: /^690(\d\d)$/, last: 9 },
  { city: 'Marseille', pattern: /^130(\d\d)$/, last: 16 },
];

/** The arrondissement a postal code names, or null; 75116 is the second code of Paris 16e. */
function arrondissement(postalCode: string): { city: string; n: number } | null {
  if (postalCode === '75116') return { city: 'Paris', n: 16 };
  for (const { city, pattern, last } of ARRONDISSEMENT_CITIES) {
    const n = Number(pattern.exec(postalCode)?.[1] ?? 0);
    if (n >= 1 && n <= last) return { city, n };
  }
  return null;
}

/** Where a listing is, as French users say it: « Paris 11e », « Lyon 1er », « Marseille 8e », else the city. */
export function formatLocality(postalCode: string | null | undefined, city: string | null | undefined): string {
  const a = arrondissement((postalCode ?? '').trim());
  return a ? `${a.city} ${a.n === 1 ? '1er' : `${a.n}e`}` : (city ?? '').trim();
}

/** Rooms (« pièces »): « Studio » for 1, else « 3 pièces », or « 3 p. » when short. */
export function formatRooms(rooms: number, short = false): string {
  if (rooms <= 1) return 'Studio';
  return short ? `${rooms} p.` : `${rooms} pièces`;
}

/** Bedrooms: « 1 chambre », « 2 chambres ». */
export function formatBedrooms(bedrooms: number): string {
  return `${bedrooms} ${bedrooms > 1 ? 'chambres' : 'chambre'}`;
}

/** A listing card's facts line: « 45 m² · 3 p. · Paris 11e » (what French listings lead with). */
export function formatCardFacts(p: { size: number | string; rooms: number; postalCode: string; city: string }): string {
  const size = toNumber(p.size);
  return [
    Number.isFinite(size) ? `${formatNumber(size, 1)} m²` : null,
    formatRooms(p.rooms, true),
    formatLocality(p.postalCode, p.city) || null,
  ]
    .filter(Boolean)
    .join(' · ');
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

/** A proposed visit: « Visite proposée le samedi 14 juin de 10:00 à 10:30 », in Europe/Paris. */
export function formatVisitSlot(start: Date | string | number | null | undefined, slotMinutes: number): string {
  const date = toDate(start);
  if (!date) return '';
  const end = new Date(date.getTime() + slotMinutes * 60_000);
  return `Visite proposée le ${formatParis(date, 'EEEE d MMMM')} de ${formatTime(date)} à ${formatTime(end)}`;
}

/** The instant of a Europe/Paris wall-clock day ("YYYY-MM-DD") and time ("HH:mm"); null when unreadable. */
export function parisInstant(day: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const instant = new TZDate(+d[1]!, +d[2]! - 1, +d[3]!, +t[1]!, +t[2]!, PARIS_TIME_ZONE);
  return Number.isNaN(instant.getTime()) ? null : new Date(instant.getTime());
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

/**
 * The counter of a text with a limit: « 1 caractère restant », « 480 caractères restants », and past the limit
 * « 7 300 caractères de trop (500 au plus) » — never a negative count, and no « (s) ».
 */
export function formatRemainingCharacters(length: number, limit: number): string {
  const left = limit - length;
  if (left >= 0) return left <= 1 ? `${left} caractère restant` : `${formatNumber(left, 0)} caractères restants`;
  const over = -left;
  const count = over === 1 ? '1 caractère de trop' : `${formatNumber(over, 0)} caractères de trop`;
  return `${count} (${formatNumber(limit, 0)} au plus)`;
}
