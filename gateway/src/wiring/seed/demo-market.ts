import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MARKET_RULES } from '@flaneur/schema';
import iconv from 'iconv-lite';
import type { DataSource } from 'typeorm';
import type { Logger } from '../../lib/logger';
import { parisToday } from '../../lib/paris-time';
import { importDvf } from '../../modules/market/dvf-import';
import { dvfCsv, flatLine, type DvfSampleLine } from '../../modules/market/dvf-writer';
import { importRents } from '../../modules/market/rents-import';
import { Random, type DemoListing } from './demo-listings';

/*
 * The demo's market data: DVF-format sales generated around the demo listings (their type, rooms, surface and price
 * per m², give or take) and a carte des loyers of their communes, imported through the operator's importers, so that
 * `npm start` shows « Prix du quartier ». Invented figures in the real layouts: never real sales.
 */

/** Sales generated for the demo. */
export const DEMO_SALES = 3000;
/** A demo sale lies within this distance (m) of the listing it is drawn from. */
const SPREAD_M = 500;
/** The days over which the demo sales are spread (four years: the comparables take the last three). */
const SPAN_DAYS = 4 * 365;

/**
 * The INSEE code of a demo listing's commune: Paris arrondissements by their postal code (75004 → 75104, 75116 →
 * 75116); elsewhere the postal code stands for it (the demo has no table of INSEE codes).
 */
export function demoCommuneCode(postalCode: string): string {
  const m = /^750(\d\d)$/.exec(postalCode);
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 20) return `751${m[1]}`;
  return postalCode;
}

const dayBefore = (today: string, days: number) => {
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
};

/** The demo's DVF lines: each sale drawn from a listing for sale, a few with an outbuilding line. */
export function demoSaleLines(listings: readonly DemoListing[], count = DEMO_SALES, seed = 36): DvfSampleLine[] {
  const rng = new Random(seed);
  const forSale = listings.filter((l) => !l.isRental && l.size > 0);
  const today = parisToday();
  const lines: DvfSampleLine[] = [];
  for (let n = 0; n < count && forSale.length > 0; n++) {
    const l = forSale[rng.int(0, forSale.length - 1)];
    const angle = rng.range(0, 2 * Math.PI);
    const metres = SPREAD_M * Math.sqrt(rng.next());
    const latitude = l.latitude + (metres * Math.cos(angle)) / 111_195;
    const longitude = l.longitude + (metres * Math.sin(angle)) / (111_195 * Math.cos((l.latitude * Math.PI) / 180));
    const surface = Math.max(MARKET_RULES.surfaceMinM2, Math.round(l.size * rng.range(0.75, 1.25)));
    const perM2 = Math.min(
      MARKET_RULES.pricePerM2Max * 0.95,
      Math.max(MARKET_RULES.pricePerM2Min * 2, (l.price / l.size) * rng.range(0.8, 1.2)),
    );
    const id = `2${String(n).padStart(3, '0')}-DEMO-${n}`;
    const code = demoCommuneCode(l.postalCode);
    const sale = flatLine(id, {
      date_mutation: dayBefore(today, rng.int(30, SPAN_DAYS)),
      nature_mutation: rng.next() < 0.08 ? "Vente en l'état futur d'achèvement" : 'Vente',
      valeur_fonciere: Math.round(perM2 * surface),
      adresse_numero: rng.int(1, 80),
      adresse_nom_voie: l.address.replace(/^\d+\s*/, '').toUpperCase(),
      code_postal: l.postalCode,
      code_commune: code,
      nom_commune: l.city,
      code_departement: l.postalCode.slice(0, 2),
      id_parcelle: `${code}000AB${String(n % 10000).padStart(4, '0')}`,
      lot1_numero: String(n % 200),
      type_local: l.type === 'apartment' ? 'Appartement' : 'Maison',
      surface_reelle_bati: surface,
      nombre_pieces_principales: Math.max(1, l.rooms + rng.int(-1, 1)),
      latitude: latitude.toFixed(6),
      longitude: longitude.toFixed(6),
    });
    lines.push(sale);
    // A cellar sold with a flat now and then: the same mutation, its price repeated (counted once).
    if (rng.next() < 0.15)
      lines.push({
        ...sale,
        type_local: 'Dépendance',
        surface_reelle_bati: '',
        nombre_pieces_principales: 0,
        lot1_numero: String(200 + (n % 200)),
      });
  }
  return lines;
}

/**
 * The demo's carte des loyers for flats (semicolons, decimal commas, ISO-8859-1 as ANIL writes it): per commune of
 * the demo, the median rent per m² of its rentals (or of all the demo's rentals), and bounds 20 % under and 25 % over.
 */
export function demoRentsCsv(listings: readonly DemoListing[]): Buffer {
  const perM2 = (ls: readonly DemoListing[]) => {
    const v = ls
      .filter((l) => l.isRental && l.size > 0)
      .map((l) => l.price / l.size)
      .sort((a, b) => a - b);
    return v.length > 0 ? v[Math.floor(v.length / 2)] : null;
  };
  const overall = perM2(listings) ?? 30;
  const communes = new Map<string, DemoListing[]>();
  for (const l of listings) {
    const code = demoCommuneCode(l.postalCode);
    communes.set(code, [...(communes.get(code) ?? []), l]);
  }
  const dec = (v: number) => v.toFixed(2).replace('.', ',');
  const rows = [...communes].map(([code, ls], i) => {
    const p = perM2(ls) ?? overall;
    return [
      i + 1,
      code,
      ls[0].city,
      '',
      code.slice(0, 2),
      '11',
      dec(p),
      dec(p * 0.8),
      dec(p * 1.25),
      'commune',
      ls.length,
    ]
      .map(String)
      .join(';');
  });
  const header = 'id_zone;INSEE_C;LIBGEO;EPCI;DEP;REG;loypredm2;lwr.IPm2;upr.IPm2;TYPPRED;nbobs_com';
  return iconv.encode([header, ...rows].join('\n') + '\n', 'latin1');
}

/** Writes the demo's DVF and carte des loyers files and imports them through the importers. */
export async function seedDemoMarket(
  db: DataSource,
  listings: readonly DemoListing[],
  logger: Logger,
  count = DEMO_SALES,
): Promise<{ sales: number; communes: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-demo-market-'));
  try {
    const year = Number(parisToday().slice(0, 4)) - 1;
    const dvf = path.join(dir, 'dvf-demo.csv');
    const rents = path.join(dir, `pred-app-demo-${year}.csv`);
    fs.writeFileSync(dvf, dvfCsv(demoSaleLines(listings, count)));
    fs.writeFileSync(rents, demoRentsCsv(listings));
    const sales = await importDvf(db, [dvf]);
    const rent = await importRents(db, rents);
    logger.info({ sales: sales.kept, communes: rent.kept }, 'demo market data imported');
    return { sales: sales.kept, communes: rent.kept };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
