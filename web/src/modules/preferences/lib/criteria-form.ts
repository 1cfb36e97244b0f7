import { LIMITS, type PropertyStatusFilter, type TSearchFilters } from '@flaneur/schema';
import { priceRange } from './search-filters';

/**
 * The editor's state: the saved filters themselves. An unset bound (null, "no limit") keeps its slider
 * at the shown default (sizes 20 and 200 m², prices at the range ends) until the user moves it, so a
 * slider left there is saved as "no limit", never as the value it shows.
 */
export type CriteriaForm = TSearchFilters;

/** Opens the editor on the saved filters. */
export function toCriteriaForm(filters: TSearchFilters): CriteriaForm {
  return { ...filters };
}

/** Where a size slider's thumb sits: the bound, else the shown default. */
export function sizeSliderValue(form: CriteriaForm, which: 'sizeMin' | 'sizeMax'): number {
  return form[which] ?? LIMITS[which].default;
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

/**
 * Minimum size; the range's lowest value means "no minimum". Pushes a set maximum up (to its next
 * step) when it would fall below.
 */
export function withSizeMin(form: CriteriaForm, value: number): CriteriaForm {
  const sizeMin = value <= LIMITS.sizeMin.min ? null : value;
  const step = LIMITS.sizeMax.step;
  const sizeMax =
    sizeMin !== null && form.sizeMax !== null && form.sizeMax < sizeMin
      ? Math.min(LIMITS.sizeMax.max, Math.ceil(sizeMin / step) * step)
      : form.sizeMax;
  return { ...form, sizeMin, sizeMax };
}

/**
 * Maximum size; the range's highest value means "no maximum". Pulls a set minimum down (to its step)
 * when it would rise above.
 */
export function withSizeMax(form: CriteriaForm, value: number): CriteriaForm {
  const sizeMax = value >= LIMITS.sizeMax.max ? null : value;
  const step = LIMITS.sizeMin.step;
  const sizeMin =
    sizeMax !== null && form.sizeMin !== null && form.sizeMin > sizeMax
      ? Math.max(LIMITS.sizeMin.min, Math.floor(sizeMax / step) * step)
      : form.sizeMin;
  return { ...form, sizeMin, sizeMax };
}
