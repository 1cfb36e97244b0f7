import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MARKET_MSG } from '@flaneur/schema';
import type { QueryCounter } from '../../lib/query-counter';
import { parisToday } from '../../lib/paris-time';
import { signedInUser, type Agent } from '../../../test/factories';
import { startGateway, type TestGateway, unique } from '../../../test/gateway';
import { gql } from '../../../test/graphql';
import { importDvf } from '../market/dvf-import';
import { dvfCsv, flatLine, type DvfSampleLine } from '../market/dvf-writer';

/*
 * « Dans les rues traversées »: walks reported as a device does, past sales imported through the DVF importer, at
 * spots of the southern Pacific no other test uses. Distances are hand-placed from the walk's straight track.
 */

let gw: TestGateway;
let dir: string;
const DEP = 'W7';
const MIN = 60_000;
/** Metres per degree of latitude on the great circle the market queries measure with. */
const M_PER_DEGREE = 111195.08;

/** The day `n` days before today (Europe/Paris). */
function daysAgo(n: number): string {
  const [y, m, d] = parisToday().split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
}
/** The same day five years ago: the first day counted. */
function fiveYearsAgo(extraDays = 0): string {
  const [y, m, d] = parisToday().split('-').map(Number);
  return new Date(Date.UTC(y - 5, m - 1, d - extraDays)).toISOString().slice(0, 10);
}

/** Each scene's start; its walk goes 400 m due east in two straight segments of 200 m. */
const SITE = {
  past: { latitude: -40, longitude: -120 },
  five: { latitude: -40, longitude: -119.9 },
  four: { latitude: -40, longitude: -119.8 },
  far: { latitude: -40, longitude: -119.7 },
};
/** A point `north` and `east` metres from `at` (on the tangent plane, as the query measures). */
function offset(at: { latitude: number; longitude: number }, north: number, east: number) {
  return {
    latitude: at.latitude + north / M_PER_DEGREE,
    longitude: at.longitude + east / (M_PER_DEGREE * Math.cos((at.latitude * Math.PI) / 180)),
  };
}
/** A sale of a 60 m² flat at `ppm2` €/m², `north` and `east` metres from a scene's start. */
function sale(
  at: { latitude: number; longitude: number },
  north: number,
  east: number,
  ppm2: number,
  date = daysAgo(100),
): DvfSampleLine {
  const p = offset(at, north, east);
  return flatLine(unique('W'), {
    code_departement: DEP,
    code_commune: 'W0001',
    nom_commune: 'Commune W0001',
    latitude: p.latitude.toFixed(8),
    longitude: p.longitude.toFixed(8),
    surface_reelle_bati: 60,
    valeur_fonciere: ppm2 * 60,
    date_mutation: date,
  });
}

beforeAll(async () => {
  gw = await startGateway({}, { startOutbox: false });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-street-'));
  await gw.db.query('DELETE FROM market_sales WHERE code_departement = $1', [DEP]);
  const { past, five, four } = SITE;
  const lines = [
    // past: eight sales within 50 m of the track…
    sale(past, 10, 50, 8000),
    sale(past, -30, 150, 9000),
    sale(past, 45, 300, 10000),
    sale(past, 0, 440, 11000, daysAgo(20)), // 40 m past the end
    sale(past, 49, 200, 12000), // 49 m from the corner
    sale(past, -20, -30, 13000), // 36 m before the start
    sale(past, 5, 250, 7000, fiveYearsAgo()), // on the first day of the period
    sale(past, 10, 200, 9501), // near both segments: counted once
    // …and as many out: too far from it, or too old.
    sale(past, 55, 100, 20000),
    sale(past, 0, 460, 20000), // 60 m past the end
    sale(past, 40, -40, 20000), // 57 m before the start
    sale(past, 0, 250, 20000, fiveYearsAgo(1)), // the day before the period
    // five: the minimum, exactly.
    ...[6000, 6100, 6200, 6300, 6400].map((ppm2, k) => sale(five, 20, 50 + k * 70, ppm2)),
    // four: one short.
    ...[5000, 5100, 5200, 5300].map((ppm2, k) => sale(four, -20, 50 + k * 70, ppm2)),
  ];
  const file = path.join(dir, 'street.csv');
  fs.writeFileSync(file, dvfCsv(lines));
  await importDvf(gw.db, [file]);
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await gw.close();
});

async function report(agent: Agent, at: { latitude: number; longitude: number }, time: number, accuracy = 10) {
  const res = await agent
    .post('/api/user-locations')
    .send({ ...at, accuracy, timestamp: new Date(time).toISOString(), clientId: crypto.randomUUID() });
  expect(res.status).toBe(201);
}

/** A walk from `start` 400 m east (three fixes a minute apart, from `t0`). */
async function walkEast(agent: Agent, start: { latitude: number; longitude: number }, t0: number, accuracy = 10) {
  for (const [k, east] of [0, 200, 400].entries()) await report(agent, offset(start, 0, east), t0 + k * MIN, accuracy);
}

const STREET = `streetSales { count enough medianPricePerM2 firstSaleOn since distanceM source dataUntil }`;
const WALKS = `query ($first: Int) { walks(first: $first) { nodes { id startedAt ${STREET} } } }`;

async function walks(agent: Agent, first = 100) {
  const res = await gql(agent, WALKS, { first });
  expect(res.errors).toBeUndefined();
  return res.data!.walks.nodes as { id: string; streetSales: Record<string, unknown> | null }[];
}

describe('Walk.streetSales: the sales along the streets walked', () => {
  let agent: Agent;
  /** The walks of `agent`, newest first: far, four, five, past. */
  beforeAll(async () => {
    ({ agent } = await signedInUser(gw));
    const t0 = Date.now() - 5 * 60 * MIN;
    await walkEast(agent, SITE.past, t0);
    await walkEast(agent, SITE.five, t0 + 60 * MIN);
    await walkEast(agent, SITE.four, t0 + 120 * MIN);
    await walkEast(agent, SITE.far, t0 + 180 * MIN);
  });

  it('should count the sales within 50 m of the track since the same day five years ago, each once, with their median', async () => {
    const [, , , past] = await walks(agent);
    const [{ until }] = (await gw.db.query(`SELECT max(date_mutation)::text AS until FROM market_sales`)) as {
      until: string;
    }[];
    // 7000, 8000, 9000, 9501, 10000, 11000, 12000, 13000: the median between 9501 and 10000, rounded to the euro.
    expect(past.streetSales).toEqual({
      count: 8,
      enough: true,
      medianPricePerM2: 9751,
      firstSaleOn: fiveYearsAgo(),
      since: fiveYearsAgo(),
      distanceM: 50,
      source: MARKET_MSG.dvfSource,
      dataUntil: until,
    });
  });

  it('should give the median from five sales and none from four, saying how many there are', async () => {
    const [, four, five] = await walks(agent);
    expect(five.streetSales).toMatchObject({ count: 5, enough: true, medianPricePerM2: 6200 });
    expect(four.streetSales).toMatchObject({ count: 4, enough: false, medianPricePerM2: null });
    expect(four.streetSales!.firstSaleOn).toBe(daysAgo(100));
  });

  it('should find no sale along a walk far from any', async () => {
    const [far] = await walks(agent);
    expect(far.streetSales).toMatchObject({ count: 0, enough: false, medianPricePerM2: null, firstSaleOn: null });
  });

  it('should answer the same figures on GET /api/walks/:id', async () => {
    const [, , , past] = await walks(agent);
    const res = await agent.get(`/api/walks/${past.id}`);
    expect(res.status).toBe(200);
    expect(res.body.streetSales).toEqual(past.streetSales);
  });

  it('should cost the same statements for a page of four walks as for one (batched)', async () => {
    const counter = gw.db.logger as QueryCounter;
    const cost = async (first: number) => {
      const before = counter.count;
      expect(await walks(agent, first)).toHaveLength(first);
      return counter.count - before;
    };
    await cost(1);
    const one = await cost(1);
    expect(await cost(4)).toBe(one);
  });

  it('should say nothing of a walk without a precise fix (no track to follow)', async () => {
    const { agent: other } = await signedInUser(gw);
    await walkEast(other, SITE.past, Date.now() - 60 * MIN, 1000);
    const [walk] = await walks(other);
    expect(walk.streetSales).toBeNull();
  });
});
