import type { TProperty } from '@flaneur/schema';
import { buildProperty, createProperty, signedInUser } from '../../../test/factories';
import { startGateway, TestGateway, unique } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import type { QueryCounter } from '../../lib/query-counter';

/*
 * Duplicates merged for the walker (docs/decisions.md « Trust shield: duplicates merged »): the same home published
 * by two accounts shows once in Découvertes and in the Explorer, with « Aussi publiée par … ».
 */

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let gw: TestGateway;
let owner: Signed;
let agency: Signed;
let other: Signed;
let walker: Signed;
const AGENCY = 'Agence du Marais';

beforeAll(async () => {
  gw = await startGateway({}, { startOutbox: false });
  [owner, agency, other, walker] = await Promise.all([
    signedInUser(gw, { firstName: 'Léa' }),
    signedInUser(gw, { firstName: 'Marc' }),
    signedInUser(gw, { firstName: 'Inès' }),
    signedInUser(gw),
  ]);
  await gw.db.query(`UPDATE users SET agency_name = $2, siren = '732829320' WHERE id = $1`, [agency.user.id, AGENCY]);
});
afterAll(() => gw.close());

/** A home of its own (a unique city), its listings built from the same fields. */
function home(overrides: Partial<TProperty> = {}) {
  const city = unique('Ville');
  return (more: Partial<TProperty> = {}) => buildProperty({ city, ...overrides, ...more });
}

const EXPLORE = `query ($f: PropertyFilterInput) {
  properties(filter: $f, first: 50) { nodes { id alsoPublishedBy { name isAgency propertyId } } }
}`;
const HISTORY = `{ history { property { id alsoPublishedBy { name isAgency propertyId } } } }`;

async function explore(city: string, extra: Record<string, unknown> = {}) {
  const res = await gql(gw.agent(), EXPLORE, {
    f: { city, near: { latitude: 48.8566, longitude: 2.3522, radiusKm: 2 }, ...extra },
  });
  expect(res.errors).toBeUndefined();
  return res.data!.properties.nodes as { id: string; alsoPublishedBy: { name: string; isAgency: boolean }[] }[];
}

/** The walker discovers the listings (as a walk does: unviewed entries), and reads Découvertes of that city. */
async function discover(ids: number[]) {
  await gw.db.query(
    `INSERT INTO history_entries (user_id, property_id, viewed_at, is_viewed) SELECT $1, unnest($2::int[]), now(), false`,
    [walker.user.id, ids],
  );
}
async function decouvertes(ids: number[]) {
  const res = await gql(walker.agent, HISTORY);
  expect(res.errors).toBeUndefined();
  const items = res.data!.history as { property: { id: string; alsoPublishedBy: unknown[] } }[];
  return items.filter((i) => ids.includes(Number(i.property.id))).map((i) => i.property);
}

describe('the same home published by two accounts', () => {
  it('should show once in the Explorer and in Découvertes, the oldest with « Aussi publiée par » the agency', async () => {
    const build = home();
    const first = await createProperty(owner.agent, build());
    // The agency writes the address its own way: the same home all the same.
    const second = await createProperty(agency.agent, build({ address: '12, Rue des LILAS', price: 365000 }));
    const city = first.city;

    const found = await explore(city);
    expect(found).toEqual([
      {
        id: String(first.id),
        alsoPublishedBy: [{ name: AGENCY, isAgency: true, propertyId: String(second.id) }],
      },
    ]);

    // The walker discovered both: one entry, the other behind « Aussi publiée par ».
    await discover([first.id, second.id]);
    expect(await decouvertes([first.id, second.id])).toEqual(found);

    // REST: one item, the listing carrying alsoPublishedBy.
    const rest = await walker.agent.get('/api/history');
    expect(rest.status).toBe(200);
    const items = (rest.body as { property: { id: number; alsoPublishedBy?: unknown } }[]).filter((i) =>
      [first.id, second.id].includes(i.property.id),
    );
    expect(items).toHaveLength(1);
    expect(items[0].property.id).toBe(first.id);
    expect(items[0].property.alsoPublishedBy).toEqual([{ name: AGENCY, isAgency: true, propertyId: second.id }]);

    // The REST search too: one listing, with the key; a listing alone has none (the legacy shape).
    const search = await gw.agent().get('/api/properties').query({ city, near: '48.8566,2.3522,2' });
    expect(search.status).toBe(200);
    expect(search.body.map((p: { id: number }) => p.id)).toEqual([first.id]);
    expect(search.body[0].alsoPublishedBy).toEqual([{ name: AGENCY, isAgency: true, propertyId: second.id }]);

    // The agency's listing itself names the owner by her first name.
    const page = await gql(gw.agent(), `query ($id: ID!) { property(id: $id) { alsoPublishedBy { name isAgency } } }`, {
      id: String(second.id),
    });
    expect(page.data!.property.alsoPublishedBy).toEqual([{ name: 'Léa', isAgency: false }]);
  });

  it('should keep a discovery of the second one alone when only it was discovered, and a twin the filters leave out', async () => {
    const build = home();
    const first = await createProperty(owner.agent, build({ price: 500000 }));
    const second = await createProperty(agency.agent, build({ price: 340000 }));
    // Under a budget the oldest exceeds, the other listing of the home is found, not lost with its twin.
    expect((await explore(first.city, { maxPrice: 400000 })).map((n) => n.id)).toEqual([String(second.id)]);
    await discover([second.id]);
    expect(await decouvertes([first.id, second.id])).toEqual([
      { id: String(second.id), alsoPublishedBy: [{ name: 'Léa', isAgency: false, propertyId: String(first.id) }] },
    ]);
  });

  it('should show the one verified on site rather than the oldest', async () => {
    const build = home();
    const first = await createProperty(owner.agent, build());
    const second = await createProperty(other.agent, build());
    await gw.db.query('UPDATE properties SET verified_on_site_at = now() WHERE id = $1', [second.id]);
    expect(await explore(first.city)).toEqual([
      { id: String(second.id), alsoPublishedBy: [{ name: 'Léa', isAgency: false, propertyId: String(first.id) }] },
    ]);
  });

  it('should name each other account once, and leave out a twin hidden by moderation', async () => {
    const build = home();
    const first = await createProperty(owner.agent, build());
    const [a, b] = [await createProperty(agency.agent, build()), await createProperty(agency.agent, build())];
    const hidden = await createProperty(other.agent, build());
    await gw.db.query('UPDATE properties SET hidden_at = now() WHERE id = $1', [hidden.id]);
    expect(await explore(first.city)).toEqual([
      { id: String(first.id), alsoPublishedBy: [{ name: AGENCY, isAgency: true, propertyId: String(a.id) }] },
    ]);
    expect(b.id).toBeGreaterThan(a.id);
  });
});

describe('listings that are not one home', () => {
  it('should show both when the surface differs, or the transaction type', async () => {
    const build = home();
    const first = await createProperty(owner.agent, build());
    const bigger = await createProperty(agency.agent, build({ size: 52 }));
    const found = await explore(first.city);
    expect(found.map((n) => n.id).sort()).toEqual([String(first.id), String(bigger.id)].sort());
    expect(found.every((n) => n.alsoPublishedBy.length === 0)).toBe(true);
    await discover([first.id, bigger.id]);
    expect(await decouvertes([first.id, bigger.id])).toHaveLength(2);

    const sale = home({ city: first.city, address: '3 rue Oberkampf' });
    const forSale = await createProperty(owner.agent, sale());
    const rental = await createProperty(agency.agent, sale({ isRental: true, price: 1500 }));
    const both = await explore(first.city, { minSize: 45, maxSize: 46 });
    expect(both.map((n) => n.id).sort()).toEqual([String(first.id), String(forSale.id), String(rental.id)].sort());
    // Nor is it the signal's « same home »: no meme_bien_autre_compte on the rental.
    const [signals] = await gw.db.query('SELECT signals FROM listing_signals WHERE property_id = $1', [rental.id]);
    expect(signals?.signals ?? []).not.toContain('meme_bien_autre_compte');
  });

  it('should show both when they say two floors or two property types, and merge when one says no floor', async () => {
    const build = home({ address: '8 rue de la Roquette', type: 'apartment' });
    const third = await createProperty(owner.agent, build({ floor: '3e étage' }));
    const fifth = await createProperty(agency.agent, build({ floor: '5e étage' }));
    const house = await createProperty(other.agent, build({ type: 'house', floor: null }));
    const found = await explore(third.city);
    expect(found.map((n) => n.id).sort()).toEqual([String(third.id), String(fifth.id), String(house.id)].sort());
    // Written « 3e Étage » by another account, or without a floor: the third floor's twin.
    const again = await createProperty(other.agent, build({ floor: '3e Étage' }));
    const unsaid = await createProperty(walker.agent, build({ floor: null }));
    const merged = await explore(third.city);
    expect(merged.map((n) => n.id)).not.toContain(String(again.id));
    expect(merged.map((n) => n.id)).not.toContain(String(unsaid.id));
    expect(
      merged
        .find((n) => n.id === String(third.id))!
        .alsoPublishedBy.map((p) => p.name)
        .sort(),
    ).toEqual(expect.arrayContaining(['Inès']));
  });

  it('should show both when one account publishes the home twice (not a duplicate of another account)', async () => {
    const build = home();
    const first = await createProperty(owner.agent, build());
    const again = await createProperty(owner.agent, build());
    const found = await explore(first.city);
    expect(found.map((n) => n.id).sort()).toEqual([String(first.id), String(again.id)].sort());
    expect(found.every((n) => n.alsoPublishedBy.length === 0)).toBe(true);
    const search = await gw.agent().get('/api/properties').query({ city: first.city });
    expect(search.body).toHaveLength(2);
    expect(search.body.every((p: object) => !('alsoPublishedBy' in p))).toBe(true);
    await discover([first.id, again.id]);
    expect(await decouvertes([first.id, again.id])).toHaveLength(2);
  });
});

describe('a page of Découvertes', () => {
  it('should cost the same statements with 1 merged home as with 3 (GraphQL and REST)', async () => {
    const [one, three] = await Promise.all([signedInUser(gw), signedInUser(gw)]);
    const pairs: number[][] = [];
    for (let i = 0; i < 3; i++) {
      const build = home();
      pairs.push([(await createProperty(owner.agent, build())).id, (await createProperty(agency.agent, build())).id]);
    }
    const fill = (userId: number, ids: number[]) =>
      gw.db.query('INSERT INTO history_entries (user_id, property_id) SELECT $1, unnest($2::int[])', [userId, ids]);
    await fill(one.user.id, pairs[0]);
    await fill(three.user.id, pairs.flat());
    const counter = gw.db.logger as QueryCounter;
    const cost = async (agent: Signed['agent'], expected: number, run: (a: Signed['agent']) => Promise<unknown[]>) => {
      await run(agent);
      const before = counter.count;
      expect(await run(agent)).toHaveLength(expected);
      return counter.count - before;
    };
    const rest = async (a: Signed['agent']) => (await a.get('/api/history')).body;
    const graphql = async (a: Signed['agent']) =>
      (await gql(a, HISTORY)).data!.history as { property: { alsoPublishedBy: unknown[] } }[];
    expect(await cost(three.agent, 3, rest)).toBe(await cost(one.agent, 1, rest));
    expect(await cost(three.agent, 3, graphql)).toBe(await cost(one.agent, 1, graphql));
    expect((await graphql(three.agent)).every((i) => i.property.alsoPublishedBy.length === 1)).toBe(true);
  });
});
