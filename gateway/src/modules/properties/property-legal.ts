import { applicableLegalFields, legalIssues, type LegalListing, type TPropertyParsed } from '@flaneur/schema';
import { AppError } from '../../lib/errors';
import type { Property } from './property.entity';

/** Legal amounts stored as numeric(…, 2) columns. */
const DECIMALS = [
  'charges',
  'deposit',
  'baseRent',
  'referenceRentMajored',
  'rentSupplement',
  'tenantFees',
  'inventoryFees',
  'buyerFeesPercent',
] as const;
/** A legal amount stored as a decimal string. */
export type LegalDecimal = (typeof DECIMALS)[number];
type Decimal = LegalDecimal;

/** The legal amounts of a parsed listing as the decimal strings of their columns (null stays null). */
export function legalColumns(data: Partial<Record<Decimal, number | null>>): Partial<Record<Decimal, string | null>> {
  const out: Partial<Record<Decimal, string | null>> = {};
  for (const key of DECIMALS) {
    const v = data[key];
    if (v !== undefined) out[key] = v === null ? null : v.toFixed(2);
  }
  return out;
}

const num = (v: string | null) => (v === null ? null : Number(v));

/** What the legal rules read of a stored listing. */
function legalOf(p: Property): LegalListing {
  return {
    isRental: p.isRental,
    price: Number(p.price),
    postalCode: p.postalCode,
    city: p.city,
    dpeRating: p.dpeRating,
    gesRating: p.gesRating,
    energyCostMin: p.energyCostMin,
    energyCostMax: p.energyCostMax,
    energyPricesYear: p.energyPricesYear,
    isNewBuild: p.isNewBuild,
    charges: num(p.charges),
    chargesMode: p.chargesMode,
    deposit: num(p.deposit),
    furnished: p.furnished,
    baseRent: num(p.baseRent),
    referenceRentMajored: num(p.referenceRentMajored),
    rentSupplement: num(p.rentSupplement),
    tenantFees: num(p.tenantFees),
    inventoryFees: num(p.inventoryFees),
    coOwnership: p.coOwnership,
    advertiser: p.advertiser,
    feesPaidBy: p.feesPaidBy,
    buyerFeesPercent: num(p.buyerFeesPercent),
  };
}

/**
 * A change to a listing, checked on the listing as it will be (the values present against each other, as for the
 * legacy client: a change never requires the mentions an older listing lacks). Answers the legal columns to write,
 * the ones that no longer apply cleared; throws BAD_USER_INPUT with the French message otherwise.
 */
export function checkLegalChange(property: Property, changes: Partial<TPropertyParsed>): Partial<Property> {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const merged = applicableLegalFields({ ...legalOf(property), ...defined } as LegalListing);
  const issues = legalIssues(merged, false);
  if (issues.length) {
    throw new AppError('BAD_USER_INPUT', issues[0][1], { fields: Object.fromEntries(issues) });
  }
  const { isRental: _r, price: _p, postalCode: _c, city: _t, ...legal } = merged;
  return { ...legal, ...legalColumns(legal) } as Partial<Property>;
}
