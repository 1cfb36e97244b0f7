import { LIMITS, type PropertyStatusFilter, type TSearchFilters } from '@flaneur/schema';
import { priceRange } from './filter-labels';

// The editor's state is the saved filters themselves. An unset bound (null, "no limit") keeps its slider at
// the shown default (sizes 20 and 200 m², prices at the range ends) until the user moves it, so a slider
// left there is saved as "no limit", never as the value it shows.

/** Where a bound's slider thumb sits: the bound, else the shown default (sizes) or the range end (prices). */
export function sliderValue(form: TSearchFilters, key: BoundKey): number {
  const bound = form[key];
  if (bound !== null) return bound;
  if (key === 'sizeMin' || key === 'sizeMax') return LIMITS[key].default;
  const range = priceRange(form.propertyStatus);
  return key === 'priceMin' ? range.min : range.max;
}

/** A new status: the price bounds reset when the slider changes scale (sale ↔ rent). */
export function withStatus(form: TSearchFilters, status: PropertyStatusFilter): TSearchFilters {
  const sameScale = priceRange(status) === priceRange(form.propertyStatus);
  return sameScale
    ? { ...form, propertyStatus: status }
    : { ...form, propertyStatus: status, priceMin: null, priceMax: null };
}

/** The minimum price; the range's lowest value means "no minimum". Keeps min ≤ max. */
export function withPriceMin(form: TSearchFilters, value: number): TSearchFilters {
  const range = priceRange(form.propertyStatus);
  const priceMin = value <= range.min ? null : value;
  const priceMax = priceMin !== null && form.priceMax !== null && form.priceMax < priceMin ? priceMin : form.priceMax;
  return { ...form, priceMin, priceMax };
}

/** The maximum price; the range's highest value means "no maximum". Keeps min ≤ max. */
export function withPriceMax(form: TSearchFilters, value: number): TSearchFilters {
  const range = priceRange(form.propertyStatus);
  const priceMax = value >= range.max ? null : value;
  const priceMin = priceMax !== null && form.priceMin !== null && form.priceMin > priceMax ? priceMax : form.priceMin;
  return { ...form, priceMin, priceMax };
}

/**
 * Minimum size; the range's lowest value means "no minimum". Pushes a set maximum up (to its next
 * step) when it would fall below.
 */
export function withSizeMin(form: TSearchFilters, value: number): TSearchFilters {
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
export function withSizeMax(form: TSearchFilters, value: number): TSearchFilters {
  const sizeMax = value >= LIMITS.sizeMax.max ? null : value;
  const step = LIMITS.sizeMin.step;
  const sizeMin =
    sizeMax !== null && form.sizeMin !== null && form.sizeMin > sizeMax
      ? Math.max(LIMITS.sizeMin.min, Math.floor(sizeMax / step) * step)
      : form.sizeMin;
  return { ...form, sizeMin, sizeMax };
}

/** A slider's bounds and step. */
export interface SliderRange {
  min: number;
  max: number;
  step: number;
}

/** The bounds typed beside their slider. */
export type BoundKey = 'priceMin' | 'priceMax' | 'sizeMin' | 'sizeMax';

/** The slider range of a bound (the price one follows the status). */
export function boundRange(form: TSearchFilters, key: BoundKey): SliderRange {
  if (key === 'priceMin' || key === 'priceMax') return priceRange(form.propertyStatus);
  const { min, max, step } = LIMITS[key];
  return { min, max, step };
}

/** A typed value brought inside the range, on the slider's steps (counted from its lowest value). */
export function snapToRange(value: number, { min, max, step }: SliderRange): number {
  const clamped = Math.min(max, Math.max(min, value));
  const snapped = min + Math.round((clamped - min) / step) * step;
  return Math.min(max, Number(snapped.toFixed(6)));
}

const WITH_BOUND = { priceMin: withPriceMin, priceMax: withPriceMax, sizeMin: withSizeMin, sizeMax: withSizeMax };

/** A bound moved on its slider (a range end is "no limit"; the other bound follows, see withPriceMin…). */
export function withSliderBound(form: TSearchFilters, key: BoundKey, value: number): TSearchFilters {
  return WITH_BOUND[key](form, value);
}

/**
 * A bound typed beside its slider, with the slider's semantics: null (an emptied input) is "no limit"
 * (the slider at its range end), and so is a value at that end.
 */
export function withBound(form: TSearchFilters, key: BoundKey, value: number | null): TSearchFilters {
  const range = boundRange(form, key);
  const noLimit = key.endsWith('Min') ? range.min : range.max;
  return WITH_BOUND[key](form, value === null ? noLimit : snapToRange(value, range));
}

const OTHER_BOUND: Record<BoundKey, BoundKey> = {
  priceMin: 'priceMax',
  priceMax: 'priceMin',
  sizeMin: 'sizeMax',
  sizeMax: 'sizeMin',
};

/**
 * Applies a value still being typed only when it cannot be a prefix of the intended one: inside the
 * range and not crossing the other bound (typing 800000 goes through 80000, which must not pull the
 * minimum down). Otherwise the form waits for the input to be left.
 */
export function withBoundWhileTyping(form: TSearchFilters, key: BoundKey, value: number | null): TSearchFilters {
  if (value === null) return withBound(form, key, null);
  const range = boundRange(form, key);
  if (value < range.min || value > range.max) return form;
  const other = form[OTHER_BOUND[key]];
  const crosses = other !== null && (key.endsWith('Min') ? value > other : value < other);
  return crosses ? form : withBound(form, key, value);
}
