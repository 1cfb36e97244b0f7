import { DEFAULT_SEARCH_FILTERS } from '@flaneur/schema';
import {
  sliderValue,
  withPriceMax,
  withPriceMin,
  withSizeMax,
  withSizeMin,
  withStatus,
  snapToRange,
  withBound,
  withBoundWhileTyping,
} from './criteria-form';

const form = { ...DEFAULT_SEARCH_FILTERS };

describe('criteria form', () => {
  it('should show the size defaults 20 and 200 when none is saved, the bounds staying unset', () => {
    expect(form).toEqual(expect.objectContaining({ sizeMin: null, sizeMax: null, radius: 2, priceMin: null }));
    expect(sliderValue(form, 'sizeMin')).toBe(20);
    expect(sliderValue(form, 'sizeMax')).toBe(200);
  });

  it('should read the size range ends as "no bound"', () => {
    expect(withSizeMin(withSizeMin(form, 40), 10).sizeMin).toBeNull();
    expect(withSizeMax(withSizeMax(form, 150), 500).sizeMax).toBeNull();
  });

  it('should read the range ends as "no bound"', () => {
    expect(withPriceMin(form, 50000).priceMin).toBeNull();
    expect(withPriceMax(form, 1500000).priceMax).toBeNull();
    expect(withPriceMax(form, 400000).priceMax).toBe(400000);
  });

  it('should keep the minimum price under the maximum', () => {
    const capped = withPriceMax(form, 300000);
    expect(withPriceMin(capped, 500000)).toEqual(expect.objectContaining({ priceMin: 500000, priceMax: 500000 }));
    const floored = withPriceMin(form, 600000);
    expect(withPriceMax(floored, 200000)).toEqual(expect.objectContaining({ priceMin: 200000, priceMax: 200000 }));
  });

  it('should reset the price bounds when the status changes the slider scale', () => {
    const sale = withPriceMax(withStatus(form, 'sale'), 400000);
    expect(withStatus(sale, 'all').priceMax).toBe(400000);
    expect(withStatus(sale, 'rent')).toEqual(expect.objectContaining({ propertyStatus: 'rent', priceMax: null }));
  });

  it('should keep the minimum size under the maximum', () => {
    expect(withSizeMin(form, 215)).toEqual(expect.objectContaining({ sizeMin: 215, sizeMax: null }));
    expect(withSizeMin(withSizeMax(form, 200), 215)).toEqual(expect.objectContaining({ sizeMin: 215, sizeMax: 220 }));
    expect(withSizeMax(withSizeMin(form, 120), 90)).toEqual(expect.objectContaining({ sizeMin: 90, sizeMax: 90 }));
  });

  it('should apply a typed bound with the slider semantics: range end or null is no limit, snapped to the step', () => {
    expect(snapToRange(1234, { min: 300, max: 5000, step: 100 })).toBe(1200);
    expect(snapToRange(3, { min: 10, max: 300, step: 5 })).toBe(10);
    expect(withBound(form, 'sizeMin', 10).sizeMin).toBeNull();
    expect(withBound(form, 'sizeMax', 9999).sizeMax).toBeNull();
    expect(withBound({ ...form, sizeMin: 40 }, 'sizeMin', null).sizeMin).toBeNull();
    expect(withBound(form, 'priceMax', 812345).priceMax).toBe(810000);
  });

  it('should not apply a value still being typed that is out of range or crosses the other bound', () => {
    const withMin = { ...form, priceMin: 200000 };
    // Typing 800000 goes through 80000: the minimum must stay.
    expect(withBoundWhileTyping(withMin, 'priceMax', 80000)).toBe(withMin);
    expect(withBoundWhileTyping(withMin, 'priceMax', 800000).priceMax).toBe(800000);
    expect(withBoundWhileTyping(form, 'sizeMin', 3)).toBe(form);
    expect(withBoundWhileTyping({ ...form, sizeMin: 40 }, 'sizeMin', null).sizeMin).toBeNull();
  });
});
