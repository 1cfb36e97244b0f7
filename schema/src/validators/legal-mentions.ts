import { z } from 'zod';
import {
  ADVERTISERS,
  CHARGES_MODES,
  EXCESSIVE_DPE_RATINGS,
  FEES_PAID_BY,
  GES_RATINGS,
  type Advertiser,
  type ChargesMode,
  type DpeRating,
  type FeesPaidBy,
} from '../constants/enums';
import { LIMITS } from '../constants/limits';
import { MSG } from '../constants/messages';
import { isRentControlled } from '../constants/rent-control';

/** A blank form field ("") is no value. */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** An optional amount (number or digits as text), 0 to `max`, integer when asked; absent, null or "" is null. */
const amount = (invalid: string, { max = 99_999_999.99, int = false, min = 0 } = {}) => {
  let n = z.number({ error: invalid }).min(min, invalid).max(max, invalid);
  if (int) n = n.int(invalid);
  return z
    .preprocess(blank, z.union([z.number(), z.string().trim()], { error: invalid }).transform(Number).pipe(n).nullish())
    .transform((v) => v ?? null);
};
const choice = <T extends readonly [string, ...string[]]>(values: T, invalid: string) =>
  z.preprocess(blank, z.enum(values, { error: invalid }).nullish()).transform((v) => v ?? null);
const flag = (invalid: string) =>
  z
    .boolean({ error: invalid })
    .nullish()
    .transform((v) => v ?? null);

/** Co-ownership (CCH L721-1): lots, average yearly current charges, and whether a procedure is running. */
export const ZCoOwnership = z
  .object(
    {
      lots: amount(MSG.lotsInvalid, { int: true, min: 1, max: 100_000 }).pipe(z.number({ error: MSG.lotsInvalid })),
      annualCharges: amount(MSG.annualChargesInvalid).pipe(z.number({ error: MSG.annualChargesInvalid })),
      proceedings: z.boolean({ error: MSG.invalidInput }).default(false),
    },
    { error: MSG.invalidInput },
  )
  .nullish()
  .transform((v) => v ?? null);

/** The legal fields of a listing, each optional here; which are required depends on the listing (legalIssues). */
export const legalFields = {
  gesRating: choice(GES_RATINGS, MSG.gesInvalid),
  energyCostMin: amount(MSG.energyCostInvalid, { int: true, max: LIMITS.energyCostMax }),
  energyCostMax: amount(MSG.energyCostInvalid, { int: true, max: LIMITS.energyCostMax }),
  // The prices of a year are published once it has begun: never a later year than the current one.
  energyPricesYear: amount(MSG.energyPricesYearInvalid, { int: true, min: LIMITS.energyPricesYearMin }).refine(
    (y) => y === null || y <= new Date().getFullYear(),
    MSG.energyPricesYearInvalid,
  ),
  isNewBuild: z.boolean({ error: MSG.invalidInput }).default(false),
  charges: amount(MSG.chargesInvalid),
  chargesMode: choice(CHARGES_MODES, MSG.chargesModeInvalid),
  deposit: amount(MSG.depositInvalid),
  furnished: flag(MSG.furnishedRequired),
  baseRent: amount(MSG.amountInvalid),
  referenceRentMajored: amount(MSG.amountInvalid),
  rentSupplement: amount(MSG.amountInvalid),
  tenantFees: amount(MSG.amountInvalid),
  inventoryFees: amount(MSG.amountInvalid),
  coOwnership: ZCoOwnership,
  advertiser: choice(ADVERTISERS, MSG.advertiserInvalid),
  feesPaidBy: choice(FEES_PAID_BY, MSG.feesPaidByInvalid),
  buyerFeesPercent: amount(MSG.buyerFeesInvalid, { max: 100 }),
};

/** What the legal rules read of a listing (parsed: numbers are numbers). */
export interface LegalListing {
  isRental: boolean;
  price: number;
  postalCode: string;
  city: string;
  dpeRating: DpeRating | null;
  gesRating: DpeRating | null;
  energyCostMin: number | null;
  energyCostMax: number | null;
  energyPricesYear: number | null;
  isNewBuild: boolean;
  charges: number | null;
  chargesMode: ChargesMode | null;
  deposit: number | null;
  furnished: boolean | null;
  baseRent: number | null;
  referenceRentMajored: number | null;
  rentSupplement: number | null;
  tenantFees: number | null;
  inventoryFees: number | null;
  coOwnership: { lots: number; annualCharges: number; proceedings: boolean } | null;
  advertiser: Advertiser | null;
  feesPaidBy: FeesPaidBy | null;
  buyerFeesPercent: number | null;
}

/** Whether the listing's commune is under rent control (false while its address is unknown). */
const rentControlledAt = (l: Pick<LegalListing, 'postalCode' | 'city'>) =>
  isRentControlled(String(l.postalCode ?? '').trim(), String(l.city ?? ''));

/** A new-build sale (VEFA) is advertised before its DPE exists; every other listing shows it. */
export const energyRequired = (l: Pick<LegalListing, 'isNewBuild' | 'isRental'>) => l.isRental || !l.isNewBuild;

/**
 * Drops what does not apply to the listing, so a field the form hid never reaches the database: rental terms on a
 * sale, sale terms and co-ownership on a rental, rent control figures outside a rent-control territory, fees a
 * private person does not charge.
 */
export function applicableLegalFields<T extends LegalListing>(l: T): T {
  const out = { ...l };
  const controlled = out.isRental && rentControlledAt(out);
  if (!out.isRental) {
    Object.assign(out, { charges: null, chargesMode: null, deposit: null, furnished: null });
    Object.assign(out, { tenantFees: null, inventoryFees: null });
  } else Object.assign(out, { feesPaidBy: null, buyerFeesPercent: null, coOwnership: null, isNewBuild: false });
  if (!controlled) Object.assign(out, { baseRent: null, referenceRentMajored: null, rentSupplement: null });
  if (out.advertiser !== 'professional')
    Object.assign(out, { tenantFees: null, feesPaidBy: null, buyerFeesPercent: null });
  if (out.feesPaidBy !== 'buyer') out.buyerFeesPercent = null;
  return out;
}

/**
 * The legal rules of a listing, as [field, French message] pairs (empty when lawful). `strict` (the form and
 * GraphQL) also requires the mentions that apply; without it (the legacy REST client, partial updates) only the
 * values present are checked against each other.
 */
export function legalIssues(l: LegalListing, strict: boolean): [keyof LegalListing, string][] {
  const issues: [keyof LegalListing, string][] = [];
  const need = (key: keyof LegalListing, message: string) => {
    if (strict && l[key] === null) issues.push([key, message]);
  };
  if (energyRequired(l)) {
    need('dpeRating', MSG.dpeRequired);
    need('gesRating', MSG.gesRequired);
    need('energyCostMin', MSG.energyCostRequired);
    need('energyCostMax', MSG.energyCostRequired);
    need('energyPricesYear', MSG.energyPricesYearRequired);
  }
  if (l.energyCostMin !== null && l.energyCostMax !== null && l.energyCostMin > l.energyCostMax)
    issues.push(['energyCostMax', MSG.energyCostOrder]);
  need('advertiser', MSG.advertiserRequired);

  // Rules on the rent wait for a valid rent.
  const price = typeof l.price === 'number' && Number.isFinite(l.price) ? l.price : null;
  if (l.isRental) {
    need('charges', MSG.chargesRequired);
    need('chargesMode', MSG.chargesModeRequired);
    need('deposit', MSG.depositRequired);
    need('furnished', MSG.furnishedRequired);
    if (l.advertiser === 'professional') need('tenantFees', MSG.tenantFeesRequired);
    if (price !== null && l.charges !== null && l.charges >= price) issues.push(['charges', MSG.chargesInvalid]);
    // Loi 89-462 art. 22 and 25-6: one month of rent without charges, two when furnished.
    if (price !== null && l.deposit !== null && l.charges !== null && l.furnished !== null) {
      const months = l.furnished ? 2 : 1;
      if (l.deposit > (price - l.charges) * months + 0.005) issues.push(['deposit', MSG.depositTooHigh]);
    }
    if (rentControlledAt(l)) {
      need('baseRent', MSG.baseRentRequired);
      need('referenceRentMajored', MSG.referenceRentRequired);
      if (l.baseRent !== null && l.referenceRentMajored !== null && l.baseRent > l.referenceRentMajored)
        issues.push(['baseRent', MSG.baseRentOverReference]);
      if (price !== null && l.baseRent !== null && l.charges !== null) {
        const total = l.baseRent + (l.rentSupplement ?? 0) + l.charges;
        if (Math.abs(total - price) > 0.005) issues.push(['price', MSG.rentTotalMismatch]);
      }
    }
    if (l.rentSupplement && l.dpeRating && EXCESSIVE_DPE_RATINGS.includes(l.dpeRating))
      issues.push(['rentSupplement', MSG.rentSupplementExcessive]);
    if (l.tenantFees !== null && l.inventoryFees !== null && l.inventoryFees > l.tenantFees)
      issues.push(['inventoryFees', MSG.inventoryFeesOverTenantFees]);
  } else if (l.advertiser === 'professional') {
    need('feesPaidBy', MSG.feesPaidByRequired);
    if (l.feesPaidBy === 'buyer') need('buyerFeesPercent', MSG.buyerFeesRequired);
  }
  return issues;
}

/**
 * Listing refinement: adds each legal issue to the zod context at its field. It runs even when other fields are
 * invalid (the form shows every message at once): a field that already has an issue counts as absent, and gets no
 * second message.
 */
export const refineLegal =
  (strict: boolean) =>
  (l: LegalListing, ctx: z.RefinementCtx<LegalListing>): void => {
    const bad = new Set(ctx.issues.map((i) => String(i.path?.[0])));
    const known = Object.fromEntries(Object.entries(l).map(([k, v]) => [k, bad.has(k) ? null : v])) as LegalListing;
    for (const [path, message] of legalIssues(applicableLegalFields(known), strict))
      if (!bad.has(path)) ctx.addIssue({ code: 'custom', message, path: [path] });
  };
