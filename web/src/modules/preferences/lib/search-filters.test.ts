import { DEFAULT_SEARCH_FILTERS } from '@flaneur/schema';
import { readStoredFilters, toSearchFilters } from './parse-search-filters';
import { storeFilters } from './search-filters';
import { priceRange, summarizeFilters } from './filter-labels';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('search filters', () => {
  it('should fall back to the defaults (radius 2 km, all) when the value is missing or invalid', () => {
    expect(toSearchFilters(null)).toEqual(DEFAULT_SEARCH_FILTERS);
    expect(toSearchFilters({ radius: 12 })).toEqual(DEFAULT_SEARCH_FILTERS);
    expect(DEFAULT_SEARCH_FILTERS.radius).toBe(2);
  });

  it('should use the rent range for rentals and the sale range otherwise', () => {
    expect(priceRange('rent')).toEqual({ min: 300, max: 5000, step: 100 });
    expect(priceRange('sale')).toEqual({ min: 50000, max: 1500000, step: 10000 });
    expect(priceRange('all')).toEqual(priceRange('sale'));
  });

  it('should keep a copy per user in local storage under searchFilters:{userId}', () => {
    const filters = toSearchFilters({ radius: 3.5, features: ['pool'] });
    storeFilters('7', filters);

    expect(JSON.parse(window.localStorage.getItem('searchFilters:7')!)).toEqual(filters);
    expect(readStoredFilters('7')).toEqual(filters);
    expect(readStoredFilters('8')).toBeNull();
  });

  it('should summarize only the criteria that are set, in French', () => {
    expect(summarizeFilters(DEFAULT_SEARCH_FILTERS)).toEqual([
      { label: 'Rayon', value: '2 km' },
      { label: 'Biens', value: 'Vente et location · tous types' },
    ]);
    const filters = toSearchFilters({
      radius: 1.5,
      propertyStatus: 'rent',
      propertyType: 'house',
      priceMax: 1200,
      sizeMin: 20,
      sizeMax: 200,
      bedrooms: [5, 2],
      bathrooms: [4],
      features: ['balcony', 'elevator'],
    });
    expect(summarizeFilters(filters)).toEqual([
      { label: 'Rayon', value: '1,5 km' },
      { label: 'Biens', value: 'Location · Maison' },
      { label: 'Prix', value: `Jusqu'à 1${NNBSP}200${NBSP}€/mois` },
      { label: 'Surface', value: '20 – 200 m²' },
      { label: 'Chambres', value: '2, 5+' },
      { label: 'Salles de bain', value: '4+' },
      { label: 'Équipements', value: 'Balcon, Ascenseur' },
    ]);
  });
});
