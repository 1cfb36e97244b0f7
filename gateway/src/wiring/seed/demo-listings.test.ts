import { FEATURES, isRentControlled, PROPERTY_TYPES, ZProperty } from '@flaneur/schema';
import sharp from 'sharp';
import { DEMO_IMAGE_HEIGHT, DEMO_IMAGE_WIDTH, renderDemoImage } from './demo-images';
import { DEMO_CENTRE, generateDemoListings, MAX_PRICE } from './demo-listings';

/** Great-circle distance in km (mean Earth radius), independent of the generator's own geometry. */
function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(a));
}

const decimals = (value: number) => (String(value).split('.')[1] ?? '').length;

describe('generateDemoListings', () => {
  // One large batch shared by the property checks: 300 is what the seeder asks for.
  const listings = generateDemoListings(300);

  it('should return identical listings when called twice with the same seed', () => {
    expect(generateDemoListings(50, 7)).toEqual(generateDemoListings(50, 7));
    expect(generateDemoListings(300)).toEqual(listings);
  });

  it('should return different listings when the seed changes', () => {
    expect(generateDemoListings(20, 1)).not.toEqual(generateDemoListings(20, 2));
  });

  it('should honour the count when asked for 0, 1 or 300 listings', () => {
    expect(generateDemoListings(0)).toHaveLength(0);
    expect(generateDemoListings(1)).toHaveLength(1);
    expect(listings).toHaveLength(300);
  });

  it('should keep the first listings unchanged when the count grows', () => {
    expect(generateDemoListings(10)).toEqual(listings.slice(0, 10));
  });

  it('should place every listing within 5 km of central Paris when measured by haversine', () => {
    for (const l of listings) {
      expect(haversineKm(DEMO_CENTRE.latitude, DEMO_CENTRE.longitude, l.latitude, l.longitude)).toBeLessThanOrEqual(5);
      expect(decimals(l.latitude)).toBeLessThanOrEqual(7);
      expect(decimals(l.longitude)).toBeLessThanOrEqual(7);
    }
  });

  it('should include both sales and rentals and all three property types when generating 300 listings', () => {
    expect(new Set(listings.map((l) => l.isRental))).toEqual(new Set([true, false]));
    expect(new Set(listings.map((l) => l.type))).toEqual(new Set(PROPERTY_TYPES));
    const rentals = listings.filter((l) => l.isRental).length;
    expect(rentals / listings.length).toBeGreaterThan(0.3);
    expect(rentals / listings.length).toBeLessThan(0.6);
  });

  it('should keep prices positive and within numeric(10,2) when generating listings', () => {
    for (const l of listings) {
      expect(l.price).toBeGreaterThan(0);
      expect(l.price).toBeLessThanOrEqual(MAX_PRICE);
      expect(decimals(l.price)).toBeLessThanOrEqual(2);
      expect(decimals(l.size)).toBeLessThanOrEqual(2);
    }
    const sales = listings.filter((l) => !l.isRental);
    expect(Math.min(...sales.map((l) => l.price))).toBeGreaterThanOrEqual(50_000); // a sale is never priced like a rent
  });

  it('should use only canonical feature keys without duplicates when drawing features', () => {
    for (const l of listings) {
      expect(l.features.every((f) => (FEATURES as readonly string[]).includes(f))).toBe(true);
      expect(new Set(l.features).size).toBe(l.features.length);
      expect(l.features.length).toBeLessThanOrEqual(6);
    }
  });

  it('should give realistic rooms: studios with no bedroom, bedrooms ≤ rooms − 1, between 1 and 20', () => {
    for (const l of listings) {
      expect(l.rooms).toBeGreaterThanOrEqual(1);
      expect(l.rooms).toBeLessThanOrEqual(20);
      expect(l.bedrooms).toBeLessThanOrEqual(l.rooms - 1);
    }
    expect(listings.some((l) => l.rooms === 1 && l.bedrooms === 0)).toBe(true);
    expect(listings.some((l) => l.rooms >= 4)).toBe(true);
  });

  it('should give a floor only to apartments when generating listings', () => {
    for (const l of listings) {
      if (l.type === 'apartment') expect(l.floor).toMatch(/^(RDC|1er|[2-7]ème)$/);
      else expect(l.floor).toBeNull();
    }
  });

  it('should pair Paris postal codes with the city Paris when building addresses', () => {
    for (const l of listings) {
      expect(l.address).toMatch(/^\d+( bis)? \S/);
      expect(/^750(0[1-9]|1\d|20)$/.test(l.postalCode)).toBe(l.city === 'Paris');
      expect(l.postalCode).toMatch(/^\d{5}$/);
    }
  });

  it('should write multi-paragraph French descriptions and owner contacts when generating listings', () => {
    for (const l of listings) {
      expect(l.description).toContain('\n');
      expect(l.title.length).toBeLessThanOrEqual(200);
      expect(l.ownerEmail).toMatch(/^[a-z0-9.-]+@example\.fr$/);
      expect(l.ownerPhone).toMatch(/^0[67]( \d{2}){4}$/);
    }
  });

  it('should make every listing lawful under the rules of the add-property form (legal mentions included)', () => {
    for (const l of listings) {
      const parsed = ZProperty.safeParse({ ...l, images: ['/uploads/listings/demo.webp'] });
      expect(parsed.error?.issues ?? []).toEqual([]);
    }
  });

  it('should include rent-controlled Paris rentals, co-owned sales, F and G homes, agencies and private owners', () => {
    const paris = listings.filter((l) => l.isRental && l.city === 'Paris');
    expect(paris.length).toBeGreaterThan(20);
    for (const l of paris) {
      expect(isRentControlled(l.postalCode, l.city)).toBe(true);
      expect(l.baseRent).toBeLessThanOrEqual(l.referenceRentMajored!);
      expect(l.baseRent! + (l.rentSupplement ?? 0) + l.charges!).toBeCloseTo(l.price, 2);
    }
    expect(listings.some((l) => l.rentSupplement)).toBe(true);
    expect(listings.filter((l) => l.coOwnership).length).toBeGreaterThan(50);
    expect(listings.some((l) => l.coOwnership?.proceedings)).toBe(true);
    expect(listings.some((l) => l.dpeRating === 'F' && l.isRental)).toBe(true);
    expect(listings.some((l) => l.dpeRating === 'G')).toBe(true);
    expect(listings.some((l) => l.isNewBuild && !l.isRental && l.dpeRating === null)).toBe(true);
    expect(new Set(listings.map((l) => l.advertiser))).toEqual(new Set(['private', 'professional']));
    expect(listings.some((l) => l.feesPaidBy === 'buyer' && l.buyerFeesPercent)).toBe(true);
  });
});

describe('renderDemoImage', () => {
  it('should render an image that decodes to 1200×800 when rendering each scene', async () => {
    const [listing] = generateDemoListings(1);
    for (const variant of [0, 1, 2]) {
      const meta = await sharp(await renderDemoImage(listing, variant, 1)).metadata();
      expect([meta.width, meta.height]).toEqual([DEMO_IMAGE_WIDTH, DEMO_IMAGE_HEIGHT]);
      expect(['png', 'jpeg']).toContain(meta.format);
    }
  });

  it('should render a house and a villa exterior when given those types', async () => {
    for (const type of ['house', 'villa'] as const) {
      const meta = await sharp(
        await renderDemoImage({ type, title: 'Maison de ville', isRental: false }, 0, 3),
      ).metadata();
      expect([meta.width, meta.height]).toEqual([1200, 800]);
    }
  });

  it('should render different pictures when the seed differs', async () => {
    const listing = { type: 'apartment', title: 'Appartement lumineux 3 pièces avec balcon', isRental: true } as const;
    const [a, b, again] = await Promise.all([
      renderDemoImage(listing, 0, 1),
      renderDemoImage(listing, 0, 2),
      renderDemoImage(listing, 0, 1),
    ]);
    expect(a.equals(b)).toBe(false);
    expect(a.equals(again)).toBe(true);
  });
});
