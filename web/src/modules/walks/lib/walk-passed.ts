import { type TSearchFilters, WALK_MSG } from '@flaneur/schema';
import type { WalkCriterion } from '../../../gql/graphql';

const counted = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** How a criterion's exclusions read (« au-dessus de votre budget », « trop petits »), agreed with `n`. */
function outLabel(criterion: WalkCriterion, n: number, filters: TSearchFilters): string {
  const text =
    criterion === 'status'
      ? filters.propertyStatus === 'rent'
        ? WALK_MSG.walkOut_statusRent
        : WALK_MSG.walkOut_statusSale
      : WALK_MSG[`walkOut_${criterion}`];
  return text.replace('{s}', n > 1 ? 's' : '');
}

/** « 9 biens passés étaient au-dessus de votre budget, 4 trop petits » (the two criteria that left out the most). */
export function exclusionSentence(
  excluded: readonly { criterion: WalkCriterion; count: number }[],
  filters: TSearchFilters,
  lead: readonly [one: string, many: string] = ['bien passé était', 'biens passés étaient'],
): string | null {
  const [first, second] = excluded;
  if (!first) return null;
  const head = `${counted(first.count, ...lead)} ${outLabel(first.criterion, first.count, filters)}`;
  return second ? `${head}, ${second.count} ${outLabel(second.criterion, second.count, filters)}` : head;
}

/** The button that relaxes a criterion in one tap. */
export const relaxLabel = (criterion: WalkCriterion): string => WALK_MSG[`walkRelax_${criterion}`];

/** The criteria with `criterion` opened up (the bound dropped, the choice widened to any). */
export function relaxed(filters: TSearchFilters, criterion: WalkCriterion): TSearchFilters {
  switch (criterion) {
    case 'priceOver':
      return { ...filters, priceMax: null };
    case 'priceUnder':
      return { ...filters, priceMin: null };
    case 'sizeUnder':
      return { ...filters, sizeMin: null };
    case 'sizeOver':
      return { ...filters, sizeMax: null };
    case 'bedrooms':
      return { ...filters, bedrooms: [] };
    case 'rooms':
      return { ...filters, roomsMin: null };
    case 'bathrooms':
      return { ...filters, bathrooms: [] };
    case 'features':
      return { ...filters, features: [] };
    case 'zone':
      return { ...filters, zone: null };
    case 'energy':
      return { ...filters, energyMax: null };
    case 'status':
      return { ...filters, propertyStatus: 'all' };
    case 'type':
      return { ...filters, propertyType: 'all' };
  }
}

/** « 38 positions reçues, 22 biens passés dans votre rayon de 0,5 km, aucun ne correspond à vos critères. » */
export function passedSentence(
  passed: { positions: number; passed: number; matching: number },
  radius: string,
): string {
  const positions = counted(passed.positions, 'position reçue', 'positions reçues');
  const listings = counted(passed.passed, 'bien passé', 'biens passés');
  const matching =
    passed.passed === 0
      ? ''
      : passed.matching === 0
        ? ', aucun ne correspond à vos critères'
        : `, ${counted(passed.matching, 'correspond', 'correspondent')} à vos critères`;
  return `${positions}, ${listings} dans votre rayon de ${radius}${matching}.`;
}
