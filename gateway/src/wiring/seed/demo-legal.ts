import {
  isRentControlled,
  type Advertiser,
  type ChargesMode,
  type DpeRating,
  type FeesPaidBy,
  type LegalListing,
  type PropertyType,
} from '@flaneur/schema';
import type { Random } from './demo-listings';

/**
 * The legal mentions of a demo listing (docs/decisions.md « Legal mentions on listings »): the fields the shared rules
 * read, every demo listing declaring its advertiser.
 */
export type DemoLegal = Omit<LegalListing, 'isRental' | 'price' | 'postalCode' | 'city' | 'advertiser'> & {
  advertiser: Advertiser;
};

/** What the legal draw needs of a listing already generated. */
export interface DemoLegalInput {
  advertiser: Advertiser;
  type: PropertyType;
  isRental: boolean;
  furnished: boolean;
  size: number;
  /** Drawn rent (all in) or sale price. */
  price: number;
  dpeRating: DpeRating | null;
  postalCode: string;
  city: string;
  /** Average sale price in €/m² of the place (drives the reference rent). */
  pricePerM2: number;
}

const CLASSES: readonly DpeRating[] = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
/** Yearly energy cost per m² for a standard use, by class (orders of magnitude of 2023 DPEs). */
const COST_PER_M2: Record<DpeRating, number> = { A: 8, B: 12, C: 16, D: 22, E: 29, F: 37, G: 47 };
const round = (n: number, step: number) => Math.round(n / step) * step;
const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * Draws the legal mentions of a demo listing from `rng`, a stream of its own (so the listing's other draws are unchanged):
 * every DPE figure, the rental terms with the reference rents of the rent-control territories, co-ownerships on
 * most apartments for sale, a professional's fees. A listing without a DPE becomes a new-build sale (VEFA) or, for a
 * rental, gets one. Answers the legal fields and the all-in price (a rent-controlled rent is recomputed from them).
 */
export function drawLegal(rng: Random, l: DemoLegalInput): DemoLegal & { price: number } {
  const dpe = l.dpeRating ?? (l.isRental ? rng.pick<DpeRating>(['C', 'D', 'E']) : null);
  const isNewBuild = dpe === null;
  const shift = rng.weighted<number>([
    [-1, 30],
    [0, 50],
    [1, 20],
  ]);
  const ges = dpe ? CLASSES[Math.min(6, Math.max(0, CLASSES.indexOf(dpe) + shift))] : null;
  const yearly = dpe ? l.size * COST_PER_M2[dpe] : 0;
  const energy = dpe
    ? {
        energyCostMin: round(yearly * 0.85, 10),
        energyCostMax: round(yearly * 1.2, 10),
        energyPricesYear: rng.pick([2023, 2024, 2025]),
      }
    : { energyCostMin: null, energyCostMax: null, energyPricesYear: null };
  const base = {
    dpeRating: dpe,
    gesRating: ges,
    ...energy,
    isNewBuild,
    charges: null,
    chargesMode: null,
    deposit: null,
    furnished: null,
    baseRent: null,
    referenceRentMajored: null,
    rentSupplement: null,
    tenantFees: null,
    inventoryFees: null,
    coOwnership: null,
    advertiser: l.advertiser,
    feesPaidBy: null,
    buyerFeesPercent: null,
  } satisfies DemoLegal;
  return l.isRental ? { ...base, ...rental(rng, l, dpe) } : { ...base, ...sale(rng, l), price: l.price };
}

function rental(rng: Random, l: DemoLegalInput, dpe: DpeRating | null) {
  const chargesMode: ChargesMode = l.furnished && rng.chance(0.5) ? 'forfait' : 'provision';
  const charges = round(l.size * rng.range(2.2, 3.8), 5);
  let price = l.price;
  let rent = {};
  if (isRentControlled(l.postalCode, l.city)) {
    // Reference rent per m² (arrêté préfectoral): higher in dearer areas, for small and for furnished homes.
    const reference = 22 + (8 * (l.pricePerM2 - 9_000)) / 5_000 + (l.size < 30 ? 4 : 0) + (l.furnished ? 3 : 0);
    const referenceRentMajored = cents(l.size * reference * 1.2);
    const baseRent = Math.min(Math.max(round(l.price - charges, 10), 100), Math.floor(referenceRentMajored));
    const excessive = dpe === 'F' || dpe === 'G';
    const rentSupplement = !excessive && l.size > 40 && rng.chance(0.08) ? round(rng.range(50, 150), 10) : null;
    price = baseRent + (rentSupplement ?? 0) + charges;
    rent = { baseRent, referenceRentMajored, rentSupplement };
  }
  const withoutCharges = price - charges;
  const deposit = l.furnished ? withoutCharges * 2 : withoutCharges;
  const professional = l.advertiser === 'professional';
  // Caps of the zone très tendue (décret n° 2014-890): 12 €/m² for the visit, file and lease, 3 €/m² inventory.
  const inventoryFees = professional || rng.chance(0.2) ? round(l.size * 3, 1) : null;
  const tenantFees = professional ? round(l.size * 12, 1) + (inventoryFees ?? 0) : null;
  return { price, charges, chargesMode, deposit, furnished: l.furnished, tenantFees, inventoryFees, ...rent };
}

function sale(rng: Random, l: DemoLegalInput) {
  const coOwned = l.type === 'apartment' ? rng.chance(0.9) : l.type === 'house' && rng.chance(0.15);
  const coOwnership = coOwned
    ? {
        lots: rng.int(6, 140),
        annualCharges: round(l.size * rng.range(25, 55), 10),
        proceedings: rng.chance(0.04),
      }
    : null;
  if (l.advertiser !== 'professional') return { coOwnership };
  const buyerPays = rng.chance(0.4);
  return {
    coOwnership,
    feesPaidBy: (buyerPays ? 'buyer' : 'seller') as FeesPaidBy,
    buyerFeesPercent: buyerPays ? rng.pick([3.5, 4, 4.5, 5, 5.5]) : null,
  };
}
