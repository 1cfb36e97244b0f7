import { LIMITS, type PropertyStatusFilter, type TSearchFilters } from '@flaneur/schema';
import { priceRange } from './search-filters';

/** The editor's state: like the saved filters, with the sizes as shown (SPEC §9 defaults 20 and 200). */
export type CriteriaForm = TSearchFilters & { sizeMin: number; sizeMax: number };

/** Opens the editor on the saved filters; unset sizes show their defaults and are saved as shown. */
export function toCriteriaForm(filters: TSearchFilters): CriteriaForm {
  return {
    ...filters,
    sizeMin: filters.sizeMin ?? LIMITS.sizeMin.default,
    sizeMax: filters.sizeMax ?? LIMITS.sizeMax.default,
  };
}

/** A new status: the price bounds reset when the slider changes scale (sale ↔ rent). */
export function withStatus(form: CriteriaForm, status: PropertyStatusFilter): CriteriaForm {
  const sameScale = priceRange(status) === priceRange(form.propertyStatus);
  return sameScale
    ? { ...form, propertyStatus: status }
    : { ...form, propertyStatus: status, priceMin: null, priceMax: null };
}

/** The minimum price; the range's lowest value means "no minimum". Keeps min ≤ max. */
export function withPriceMin(form: CriteriaForm, value: number): CriteriaForm {
  const range = priceRange(form.propertyStatus);
  const priceMin = value <= range.min ? null : value;
  const priceMax = priceMin !== null && form.priceMax !== null && form.priceMax < priceMin ? priceMin : form.priceMax;
  return { ...form, priceMin, priceMax };
}

/** The maximum price; the range's highest value means "no maximum". Keeps min ≤ max. */
export function withPriceMax(form: CriteriaForm, value: number): CriteriaForm {
  const range = priceRange(form.propertyStatus);
  const priceMax = value >= range.max ? null : value;
  const priceMin = priceMax !== null && form.priceMin !== null && form.priceMin > priceMax ? priceMax : form.priceMin;
  return { ...form, priceMin, priceMax };
}

/** Minimum size; pushes the maximum up (to its next step) when it would fall below. */
export function withSizeMin(form: CriteriaForm, sizeMin: number): CriteriaForm {
  const step = LIMITS.sizeMax.step;
  const sizeMax =
    form.sizeMax < sizeMin ? Math.min(LIMITS.sizeMax.max, Math.ceil(sizeMin / step) * step) : form.sizeMax;
  return { ...form, sizeMin, sizeMax };
}

/** Maximum size; pulls the minimum down (to its step) when it would rise above. */
export function withSizeMax(form: CriteriaForm, sizeMax: number): CriteriaForm {
  const step = LIMITS.sizeMin.step;
  const sizeMin =
    form.sizeMin > sizeMax ? Math.max(LIMITS.sizeMin.min, Math.floor(sizeMax / step) * step) : form.sizeMin;
  return { ...form, sizeMin, sizeMax };
}
