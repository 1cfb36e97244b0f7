import { communeLabel, isRentControlled, MSG, rentControlTerritory, type TProperty } from '@flaneur/schema';
import { buildParisRental, buildProperty, signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
const gw = useGateway();
let owner: Signed;
beforeAll(async () => {
  owner = await signedInUser(gw);
});

const LEGAL = `dpeRating gesRating energyCostMin energyCostMax energyPricesYear isNewBuild charges chargesMode deposit
  furnished baseRent referenceRentMajored rentSupplement rentControlled tenantFees inventoryFees
  coOwnership { lots annualCharges proceedings } advertiser feesPaidBy buyerFeesPercent`;
const CREATE = `mutation ($input: PropertyInput!) { createProperty(input: $input) { id ${LEGAL} } }`;
const UPDATE = `mutation ($id: ID!, $input: PropertyInput!) { updateProperty(id: $id, input: $input) { id ${LEGAL} } }`;

const without = (input: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(input).filter(([k]) => !keys.includes(k)));
const ENERGY = ['dpeRating', 'gesRating', 'energyCostMin', 'energyCostMax', 'energyPricesYear'];

async function refusedByGraphql(input: Record<string, unknown>, field: string, message: string) {
  const res = await gql(owner.agent, CREATE, { input });
  expect(res.data?.createProperty ?? null).toBeNull();
  expect(res.errors![0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
  expect(res.errors![0].extensions!.fields![field]).toBe(message);
}

describe('createProperty and the legal mentions', () => {
  it('should refuse a listing without its energy and climate classes and energy cost', async () => {
    const res = await gql(owner.agent, CREATE, { input: without(buildProperty(), ...ENERGY) });
    expect(res.errors![0]).toMatchObject({ message: MSG.dpeRequired, extensions: { code: 'BAD_USER_INPUT' } });
    expect(res.errors![0].extensions!.fields).toMatchObject({
      dpeRating: MSG.dpeRequired,
      gesRating: MSG.gesRequired,
      energyCostMin: MSG.energyCostRequired,
      energyCostMax: MSG.energyCostRequired,
      energyPricesYear: MSG.energyPricesYearRequired,
    });
  });

  it.each(ENERGY.map((key) => [key]))('should refuse a listing when only %s is missing', async (key) => {
    const res = await gql(owner.agent, CREATE, { input: without(buildProperty(), key) });
    expect(res.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect(Object.keys(res.errors![0].extensions!.fields!)).toEqual([key]);
  });

  it('should publish a new-build sale (VEFA) without energy figures, but not a new-build rental', async () => {
    const sale = await gql(owner.agent, CREATE, { input: without(buildProperty({ isNewBuild: true }), ...ENERGY) });
    expect(sale.errors).toBeUndefined();
    expect(sale.data!.createProperty).toMatchObject({ isNewBuild: true, dpeRating: null, energyCostMin: null });
    const rental = without(buildParisRental({ isNewBuild: true }), ...ENERGY);
    await refusedByGraphql(rental, 'dpeRating', MSG.dpeRequired);
  });

  it('should refuse an energy cost whose minimum is above its maximum, and accept them equal', async () => {
    await refusedByGraphql(
      buildProperty({ energyCostMin: 1200, energyCostMax: 1199 }),
      'energyCostMax',
      MSG.energyCostOrder,
    );
    const equal = await gql(owner.agent, CREATE, {
      input: buildProperty({ energyCostMin: 1200, energyCostMax: 1200 }),
    });
    expect(equal.data!.createProperty).toMatchObject({ energyCostMin: 1200, energyCostMax: 1200 });
  });

  it('should refuse an unknown climate class and an energy price year still to come', async () => {
    const unknown = await gql(owner.agent, CREATE, { input: buildProperty({ gesRating: 'H' as never }) });
    expect(unknown.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    const next = new Date().getFullYear() + 1;
    await refusedByGraphql(buildProperty({ energyPricesYear: next }), 'energyPricesYear', MSG.energyPricesYearInvalid);
  });

  it('should refuse a listing whose advertiser is not declared', async () => {
    await refusedByGraphql(without(buildProperty(), 'advertiser'), 'advertiser', MSG.advertiserRequired);
  });

  it('should publish a Paris rental with its rent control figures and say it is rent-controlled', async () => {
    const res = await gql(owner.agent, CREATE, { input: buildParisRental() });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createProperty).toMatchObject({
      charges: 150,
      chargesMode: 'provision',
      deposit: 1100,
      furnished: false,
      baseRent: 1100,
      referenceRentMajored: 1180.8,
      rentSupplement: null,
      rentControlled: true,
      coOwnership: null,
    });
  });

  it.each<[string, Partial<TProperty>, string, string]>([
    ['no charges', { charges: null }, 'charges', MSG.chargesRequired],
    ['no charges mode', { chargesMode: null }, 'chargesMode', MSG.chargesModeRequired],
    ['no deposit', { deposit: null }, 'deposit', MSG.depositRequired],
    ['no furnished flag', { furnished: null }, 'furnished', MSG.furnishedRequired],
    ['no base rent', { baseRent: null }, 'baseRent', MSG.baseRentRequired],
    ['no majored reference rent', { referenceRentMajored: null }, 'referenceRentMajored', MSG.referenceRentRequired],
    [
      'a base rent above the majored reference',
      { referenceRentMajored: 1099.99 },
      'baseRent',
      MSG.baseRentOverReference,
    ],
    ['a rent that is not base + supplement + charges', { price: 1300 }, 'price', MSG.rentTotalMismatch],
    ['a deposit above one month without charges', { deposit: 1100.01 }, 'deposit', MSG.depositTooHigh],
    ['charges as large as the rent', { charges: 1250, baseRent: 0 }, 'charges', MSG.chargesInvalid],
    [
      'a rent supplement on a G home',
      { dpeRating: 'G', price: 1350, rentSupplement: 100 },
      'rentSupplement',
      MSG.rentSupplementExcessive,
    ],
    [
      'a rent supplement on an F home',
      { dpeRating: 'F', price: 1350, rentSupplement: 100 },
      'rentSupplement',
      MSG.rentSupplementExcessive,
    ],
    [
      'a professional without tenant fees',
      { advertiser: 'professional', tenantFees: null },
      'tenantFees',
      MSG.tenantFeesRequired,
    ],
    [
      'inventory fees above the tenant fees',
      { advertiser: 'professional', tenantFees: 300, inventoryFees: 301 },
      'inventoryFees',
      MSG.inventoryFeesOverTenantFees,
    ],
  ])('should refuse a Paris rental with %s', async (_case, overrides, field, message) => {
    await refusedByGraphql(buildParisRental(overrides), field, message);
  });

  it('should accept a rent supplement on an E home, a furnished deposit of two months and a base rent at the ceiling', async () => {
    const supplement = await gql(owner.agent, CREATE, {
      input: buildParisRental({ dpeRating: 'E', price: 1350, rentSupplement: 100 }),
    });
    expect(supplement.data!.createProperty).toMatchObject({ rentSupplement: 100 });
    const furnished = await gql(owner.agent, CREATE, { input: buildParisRental({ furnished: true, deposit: 2200 }) });
    expect(furnished.data!.createProperty).toMatchObject({ furnished: true, deposit: 2200 });
    const ceiling = await gql(owner.agent, CREATE, {
      input: buildParisRental({
        referenceRentMajored: 1100,
        advertiser: 'professional',
        tenantFees: 540,
        inventoryFees: 140,
      }),
    });
    expect(ceiling.data!.createProperty).toMatchObject({ baseRent: 1100, tenantFees: 540, inventoryFees: 140 });
  });

  it('should not ask for rent control figures outside a rent-control territory, and drop them', async () => {
    const res = await gql(owner.agent, CREATE, {
      input: buildParisRental({ city: 'Lezennes', postalCode: '59260', baseRent: 5000, referenceRentMajored: 1 }),
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createProperty).toMatchObject({
      rentControlled: false,
      baseRent: null,
      referenceRentMajored: null,
    });
  });

  it('should store a co-owned sale and refuse a co-ownership without lots', async () => {
    const coOwnership = { lots: 42, annualCharges: 2400, proceedings: true };
    const res = await gql(owner.agent, CREATE, { input: buildProperty({ coOwnership }) });
    expect(res.data!.createProperty).toMatchObject({ coOwnership, rentControlled: false, charges: null });
    await refusedByGraphql(
      buildProperty({ coOwnership: { annualCharges: 2400 } as never }),
      'coOwnership.lots',
      MSG.lotsInvalid,
    );
  });

  it('should require who pays the fees on a sale by a professional, and the percentage when the buyer pays', async () => {
    const pro = { advertiser: 'professional' as const };
    await refusedByGraphql(buildProperty(pro), 'feesPaidBy', MSG.feesPaidByRequired);
    await refusedByGraphql(buildProperty({ ...pro, feesPaidBy: 'buyer' }), 'buyerFeesPercent', MSG.buyerFeesRequired);
    await refusedByGraphql(
      buildProperty({ ...pro, feesPaidBy: 'buyer', buyerFeesPercent: 101 }),
      'buyerFeesPercent',
      MSG.buyerFeesInvalid,
    );
    const ok = await gql(owner.agent, CREATE, {
      input: buildProperty({ ...pro, feesPaidBy: 'buyer', buyerFeesPercent: 4.5 }),
    });
    expect(ok.data!.createProperty).toMatchObject({
      advertiser: 'professional',
      feesPaidBy: 'buyer',
      buyerFeesPercent: 4.5,
    });
  });
});

describe('updateProperty and the legal mentions', () => {
  it('should check a change against the stored listing and clear rental terms when it becomes a sale', async () => {
    const created = await gql(owner.agent, CREATE, { input: buildParisRental() });
    const id = created.data!.createProperty.id;
    const over = await gql(owner.agent, UPDATE, { id, input: { baseRent: 1200, price: 1350 } });
    expect(over.errors![0]).toMatchObject({
      message: MSG.baseRentOverReference,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const order = await gql(owner.agent, UPDATE, { id, input: { energyCostMin: 5000 } });
    expect(order.errors![0].message).toBe(MSG.energyCostOrder);
    const sale = await gql(owner.agent, UPDATE, { id, input: { isRental: false, price: 420000 } });
    expect(sale.errors).toBeUndefined();
    expect(sale.data!.updateProperty).toMatchObject({
      charges: null,
      deposit: null,
      baseRent: null,
      referenceRentMajored: null,
      rentControlled: false,
      dpeRating: 'C',
    });
  });
});

describe('POST /api/properties (legacy client) and the legal mentions', () => {
  it('should accept a listing without any of the new fields, as its client predates them', async () => {
    const res = await owner.agent.post('/api/properties').send(without(buildProperty(), ...ENERGY, 'advertiser'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ dpeRating: null, gesRating: null, energyCostMin: null, advertiser: null });
    const rental = without(buildParisRental(), ...ENERGY, 'advertiser', 'charges', 'chargesMode', 'deposit');
    const paris = await owner.agent
      .post('/api/properties')
      .send(without(rental, 'furnished', 'baseRent', 'referenceRentMajored'));
    expect(paris.status).toBe(201);
    expect(paris.body).toMatchObject({ rentControlled: true, baseRent: null });
    const read = await gw.agent().get(`/api/properties/${paris.body.id}`);
    expect(read.body).toMatchObject({ rentControlled: true, isRental: true });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an energy cost minimum above its maximum', { energyCostMin: 900, energyCostMax: 800 }, MSG.energyCostOrder],
    ['an unknown climate class', { gesRating: 'H' }, MSG.gesInvalid],
    ['an unknown energy class', { dpeRating: 'Z' }, MSG.dpeInvalid],
    ['a negative energy cost', { energyCostMin: -1 }, MSG.energyCostInvalid],
    ['an energy cost in cents', { energyCostMax: 1200.5 }, MSG.energyCostInvalid],
    ['an unknown charges mode', { chargesMode: 'mensuel' }, MSG.chargesModeInvalid],
    ['an unknown advertiser', { advertiser: 'agence' }, MSG.advertiserInvalid],
  ])('should answer 400 with the French message when a sale has %s', async (_case, fields, message) => {
    const res = await owner.agent.post('/api/properties').send({ ...without(buildProperty(), ...ENERGY), ...fields });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('should answer 400 when a Paris rental has a base rent above the majored reference or a supplement on a G home', async () => {
    const over = await owner.agent.post('/api/properties').send(buildParisRental({ referenceRentMajored: 1000 }));
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(MSG.baseRentOverReference);
    const g = await owner.agent
      .post('/api/properties')
      .send(buildParisRental({ dpeRating: 'G', price: 1350, rentSupplement: 100 }));
    expect(g.status).toBe(400);
    expect(g.body.message).toBe(MSG.rentSupplementExcessive);
  });

  it('should answer 400 when a PATCH breaks a rule against the stored listing', async () => {
    const created = await owner.agent.post('/api/properties').send(buildParisRental());
    const res = await owner.agent
      .patch(`/api/properties/${created.body.id}`)
      .send({ rentSupplement: 50, dpeRating: 'G', price: 1300 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.rentSupplementExcessive);
  });
});

describe('the rent control table', () => {
  it.each([
    ['75011', 'Paris', true],
    ['75116', 'Paris', true],
    ['75020', 'paris', true],
    ['69003', 'Lyon', true],
    ['69100', 'Villeurbanne', true],
    ['93100', 'Montreuil', true],
    ['93400', 'Saint-Ouen-sur-Seine', true],
    ['59160', 'Lomme', true],
    ['64200', 'Biarritz', true],
    ['38000', 'Grenoble', true],
    ['59260', 'Lezennes', false],
    ['94300', 'Vincennes', false],
    ['13008', 'Marseille', false],
    ['75011', 'Lyon', false],
    ['92120', 'Montrouge', false],
  ])('should say %s %s is %s', (postalCode, city, expected) => {
    expect(isRentControlled(postalCode, city)).toBe(expected);
  });

  it('should apply a territory from its first day only', () => {
    expect(rentControlTerritory('34000', 'Montpellier', new Date('2022-06-30T12:00:00Z'))).toBeNull();
    expect(rentControlTerritory('34000', 'Montpellier', new Date('2022-07-01T12:00:00Z'))?.name).toBe('Montpellier');
  });

  it('should name the arrondissement of Paris, Lyon and Marseille and leave other communes as written', () => {
    expect(communeLabel('Paris', '75011')).toBe('Paris 11e');
    expect(communeLabel('Paris', '75001')).toBe('Paris 1er');
    expect(communeLabel('Paris', '75116')).toBe('Paris 16e');
    expect(communeLabel('Lyon', '69007')).toBe('Lyon 7e');
    expect(communeLabel('Marseille', '13016')).toBe('Marseille 16e');
    expect(communeLabel('Montreuil', '93100')).toBe('Montreuil');
  });
});
