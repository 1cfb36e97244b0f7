import {
  applyHistoryView,
  discoveriesLabel,
  filterHistory,
  parseHistoryView,
  sortHistory,
  type SortableHistoryItem,
} from './history-view';

type Item = SortableHistoryItem & { name: string };

function item(
  name: string,
  viewedAt: string | null,
  price: number | string | null,
  isRental = false,
  isViewed = false,
) {
  return { name, entry: { viewedAt, isViewed }, property: { price, isRental } } as Item;
}

const names = (items: Item[]) => items.map((i) => i.name);

const items: Item[] = [
  item('a', '2025-03-02T10:00:00.000Z', 300000),
  item('noDate', null, 900000),
  item('b', '2025-03-03T10:00:00.000Z', 1200, true, true),
  item('noPrice', '2025-03-04T10:00:00.000Z', null, true),
  item('c', '2025-03-01T10:00:00.000Z', '450000.00', false, true),
  item('badDate', 'pas une date', 'n/a'),
];

describe('sortHistory', () => {
  it('should put the newest first by default order date-desc, undated items last', () => {
    expect(names(sortHistory(items, 'date-desc'))).toEqual(['noPrice', 'b', 'a', 'c', 'noDate', 'badDate']);
  });

  it('should put the oldest first with date-asc, undated items still last', () => {
    expect(names(sortHistory(items, 'date-asc'))).toEqual(['c', 'a', 'b', 'noPrice', 'noDate', 'badDate']);
  });

  it('should sort by price descending, reading decimal strings, items without price last', () => {
    expect(names(sortHistory(items, 'price-desc'))).toEqual(['noDate', 'c', 'a', 'b', 'noPrice', 'badDate']);
  });

  it('should sort by price ascending, items without price still last', () => {
    expect(names(sortHistory(items, 'price-asc'))).toEqual(['b', 'a', 'c', 'noDate', 'noPrice', 'badDate']);
  });

  it('should not change the given array', () => {
    const copy = [...items];
    sortHistory(items, 'price-asc');
    expect(items).toEqual(copy);
  });
});

describe('filterHistory', () => {
  it('should keep everything when both filters are all', () => {
    expect(filterHistory(items, { status: 'all', type: 'all' })).toHaveLength(items.length);
  });

  it('should keep viewed or not-viewed items by status', () => {
    expect(names(filterHistory(items, { status: 'viewed', type: 'all' }))).toEqual(['b', 'c']);
    expect(names(filterHistory(items, { status: 'not-viewed', type: 'all' }))).toEqual([
      'a',
      'noDate',
      'noPrice',
      'badDate',
    ]);
  });

  it('should read buy as sales and rent as rentals', () => {
    expect(names(filterHistory(items, { status: 'all', type: 'buy' }))).toEqual(['a', 'noDate', 'c', 'badDate']);
    expect(names(filterHistory(items, { status: 'all', type: 'rent' }))).toEqual(['b', 'noPrice']);
  });

  it('should combine both filters, then sort', () => {
    expect(names(applyHistoryView(items, { status: 'not-viewed', type: 'rent', sort: 'date-desc' }))).toEqual([
      'noPrice',
    ]);
    expect(names(applyHistoryView(items, { status: 'viewed', type: 'all', sort: 'price-asc' }))).toEqual(['b', 'c']);
  });
});

describe('parseHistoryView', () => {
  it('should read known values and fall back to the defaults otherwise', () => {
    expect(parseHistoryView(new URLSearchParams('sort=price-asc&status=viewed&type=rent'))).toEqual({
      sort: 'price-asc',
      status: 'viewed',
      type: 'rent',
      priceMin: null,
      priceMax: null,
    });
    expect(parseHistoryView(new URLSearchParams('sort=nope&status=&type=sale'))).toEqual({
      sort: 'date-desc',
      status: 'all',
      type: 'all',
      priceMin: null,
      priceMax: null,
    });
  });
});

describe('discoveriesLabel', () => {
  it('should use the singular for 0 and 1 and the plural above', () => {
    expect(discoveriesLabel(0)).toBe('0 découverte');
    expect(discoveriesLabel(1)).toBe('1 découverte');
    expect(discoveriesLabel(2)).toBe('2 découvertes');
  });
});

describe('price filter', () => {
  it('should keep the items whose price is within the bounds, dropping those without a price', () => {
    expect(names(filterHistory(items, { status: 'all', type: 'all', priceMin: 1000, priceMax: 460000 }))).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('should read bounds from the address only inside the range of the type', () => {
    const view = parseHistoryView(new URLSearchParams('type=rent&priceMin=800&priceMax=999999'));
    expect(view).toEqual(expect.objectContaining({ type: 'rent', priceMin: 800, priceMax: null }));
  });
});
