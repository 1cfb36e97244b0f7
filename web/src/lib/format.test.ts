import {
  formatCardDate,
  formatCardFacts,
  formatLocality,
  formatRooms,
  formatCompactPrice,
  formatCurrency,
  formatDay,
  formatVisitSlot,
  parisInstant,
  formatPrice,
  formatTime,
  isOnParisDay,
  parisDay,
} from './format';

// Intl fr-FR groups digits with a narrow no-break space and puts a no-break space before "€".
const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('formatPrice', () => {
  it('should write a sale in French style with "€" when the listing is not a rental', () => {
    expect(formatPrice(350000, false)).toBe(`350${NNBSP}000${NBSP}€`);
  });

  it('should append "/mois" when the listing is a rental', () => {
    expect(formatPrice(1200, true)).toBe(`1${NNBSP}200${NBSP}€/mois`);
  });

  it('should parse decimal strings as floats and keep cents when there are some', () => {
    expect(formatPrice('350000.00', false)).toBe(`350${NNBSP}000${NBSP}€`);
    expect(formatPrice('850.5', true)).toBe(`850,50${NBSP}€/mois`);
  });

  it('should show a dash when the price is missing or unreadable', () => {
    expect(formatPrice(null, false)).toBe('—');
    expect(formatPrice('abc', false)).toBe('—');
  });
});

describe('formatCurrency', () => {
  it('should format EUR the French way, USD the US way and GBP the UK way', () => {
    expect(formatCurrency(1500, 'EUR')).toBe(`1${NNBSP}500${NBSP}€`);
    expect(formatCurrency(1500, 'USD')).toBe('$1,500');
    expect(formatCurrency(1500, 'GBP')).toBe('£1,500');
  });

  it('should write the number followed by the code when the currency is another one', () => {
    expect(formatCurrency(1500, 'CHF')).toBe(`1${NNBSP}500 CHF`);
  });

  it('should append "/mois" when monthly', () => {
    expect(formatCurrency('900', 'USD', true)).toBe('$900/mois');
  });
});

describe('formatCompactPrice', () => {
  it('should shorten thousands and millions for map markers', () => {
    expect(formatCompactPrice(350000)).toBe('350 k€');
    expect(formatCompactPrice(1250000)).toBe('1,3 M€');
    expect(formatCompactPrice(950)).toBe('950 €');
  });
});

describe('dates in Europe/Paris', () => {
  it("should write 'd MMM HH:mm' in French winter time (UTC+1)", () => {
    expect(formatCardDate('2025-01-05T13:30:00.000Z')).toBe('5 janv. 14:30');
  });

  it("should write 'd MMM HH:mm' in French summer time (UTC+2)", () => {
    expect(formatCardDate('2025-07-14T10:05:00.000Z')).toBe('14 juil. 12:05');
  });

  it('should follow the clock change on the DST night of 30 March 2025', () => {
    // 00:30 UTC is 01:30 CET; 01:30 UTC is 03:30 CEST (02:00 → 03:00 at 01:00 UTC).
    expect(formatTime('2025-03-30T00:30:00.000Z')).toBe('01:30');
    expect(formatTime('2025-03-30T01:30:00.000Z')).toBe('03:30');
    expect(formatDay('2025-03-30T01:30:00.000Z')).toBe('30 mars');
  });

  it('should give an empty text when the value is not a date', () => {
    expect(formatCardDate(null)).toBe('');
    expect(formatCardDate('not a date')).toBe('');
  });

  it('should read "today" as the Paris calendar day, not the UTC one', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Paris.
    expect(parisDay(new Date('2024-12-31T23:30:00.000Z'))).toBe('2025-01-01');
    expect(parisDay(new Date('2025-06-30T21:59:00.000Z'))).toBe('2025-06-30');
    expect(parisDay(new Date('2025-06-30T22:00:00.000Z'))).toBe('2025-07-01');
    expect(isOnParisDay('2025-06-30T22:30:00.000Z', '2025-07-01')).toBe(true);
    expect(isOnParisDay('2025-06-30T21:30:00.000Z', '2025-07-01')).toBe(false);
  });
});

describe('formatVisitSlot', () => {
  it('should read the slot in Europe/Paris, summer and winter time', () => {
    expect(formatVisitSlot('2025-06-14T08:00:00.000Z', 30)).toBe('Visite proposée le samedi 14 juin de 10:00 à 10:30');
    expect(formatVisitSlot('2026-01-03T13:15:00.000Z', 90)).toBe(
      'Visite proposée le samedi 3 janvier de 14:15 à 15:45',
    );
    expect(formatVisitSlot(null, 30)).toBe('');
  });
});

describe('parisInstant', () => {
  it('should turn a Paris day and time into the instant, whatever the device zone', () => {
    expect(parisInstant('2025-06-14', '10:00')?.toISOString()).toBe('2025-06-14T08:00:00.000Z');
    expect(parisInstant('2026-01-03', '14:15')?.toISOString()).toBe('2026-01-03T13:15:00.000Z');
    expect(parisInstant('', '10:00')).toBeNull();
    expect(parisInstant('2025-06-14', '')).toBeNull();
  });
});

describe('listing card facts', () => {
  it('should name the arrondissement of Paris, Lyon and Marseille from the postal code', () => {
    expect(formatLocality('75011', 'Paris')).toBe('Paris 11e');
    expect(formatLocality('75001', 'Paris')).toBe('Paris 1er');
    expect(formatLocality('75116', 'Paris')).toBe('Paris 16e');
    expect(formatLocality('75020', 'PARIS')).toBe('Paris 20e');
    expect(formatLocality('69001', 'Lyon')).toBe('Lyon 1er');
    expect(formatLocality('69003', 'Lyon')).toBe('Lyon 3e');
    expect(formatLocality('13008', 'Marseille')).toBe('Marseille 8e');
  });

  it('should give the city elsewhere, and for codes that name no arrondissement', () => {
    expect(formatLocality('92100', 'Boulogne-Billancourt')).toBe('Boulogne-Billancourt');
    expect(formatLocality('75021', 'Paris')).toBe('Paris');
    expect(formatLocality('69010', 'Lyon')).toBe('Lyon');
    expect(formatLocality('13100', 'Aix-en-Provence')).toBe('Aix-en-Provence');
    expect(formatLocality(null, ' Nantes ')).toBe('Nantes');
  });

  it('should write rooms as « Studio », « 3 pièces » or « 3 p. »', () => {
    expect(formatRooms(1)).toBe('Studio');
    expect(formatRooms(3)).toBe('3 pièces');
    expect(formatRooms(3, true)).toBe('3 p.');
  });

  it('should join surface, rooms and locality in one line', () => {
    expect(formatCardFacts({ size: 45.5, rooms: 3, postalCode: '75011', city: 'Paris' })).toBe(
      '45,5 m² · 3 p. · Paris 11e',
    );
    expect(formatCardFacts({ size: '18.00', rooms: 1, postalCode: '33000', city: 'Bordeaux' })).toBe(
      '18 m² · Studio · Bordeaux',
    );
  });
});
