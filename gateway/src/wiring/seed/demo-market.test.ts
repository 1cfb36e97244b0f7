import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { insertProperties } from '../../../test/factories';
import { startGateway, TestGateway } from '../../../test/gateway';
import { importDvf } from '../../modules/market/dvf-import';
import { dvfCsv } from '../../modules/market/dvf-writer';
import { importRents } from '../../modules/market/rents-import';
import { generateDemoListings } from './demo-listings';
import { demoCommuneCode, demoRentsCsv, demoSaleLines } from './demo-market';

let gw: TestGateway;
let dir: string;
beforeAll(async () => {
  gw = await startGateway({}, { startOutbox: false });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-demo-market-'));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await gw.close();
});

describe('demo market data', () => {
  const listings = generateDemoListings(60);

  it('should name Paris arrondissements by their INSEE code', () => {
    expect(demoCommuneCode('75004')).toBe('75104');
    expect(demoCommuneCode('75116')).toBe('75116');
    expect(demoCommuneCode('92100')).toBe('92100');
  });

  it('should write sales the importer keeps, every one, and comparables for a demo listing', async () => {
    const lines = demoSaleLines(listings, 600);
    const file = path.join(dir, 'dvf-demo.csv');
    fs.writeFileSync(file, dvfCsv(lines));
    const summary = await importDvf(gw.db, [file]);
    expect(summary).toMatchObject({ lines: lines.length, mutations: 600, kept: 600, brokenLines: 0 });
    // A demo listing for sale, stored as a listing, has its « Prix du quartier ».
    const forSale = listings.filter((l) => !l.isRental);
    const l = forSale[0];
    const [id] = await insertProperties(gw.db, 1);
    await gw.db.query(
      `UPDATE properties SET latitude = $2, longitude = $3, price = $4, size = $5, rooms = $6, bedrooms = 0,
         is_rental = false, type = $7::property_type WHERE id = $1`,
      [id, l.latitude, l.longitude, l.price, l.size, l.rooms, l.type],
    );
    const res = await gw.agent().get(`/api/properties/${id}/market`);
    expect(res.status).toBe(200);
    expect(res.body.sales).toMatchObject({ enough: true, source: 'DVF, DGFiP' });
    expect(res.body.sales.count).toBeGreaterThanOrEqual(5);
  });

  it('should write a carte des loyers in ISO-8859-1 the importer reads whole', async () => {
    const file = path.join(dir, 'pred-app-demo-2019.csv');
    fs.writeFileSync(file, demoRentsCsv(listings));
    const summary = await importRents(gw.db, file);
    const communes = new Set(listings.map((l) => demoCommuneCode(l.postalCode)));
    expect(summary).toMatchObject({ encoding: 'latin1', type: 'apartment', year: 2019, kept: communes.size });
    expect(summary.issues).toEqual([]);
  });
});
