import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import iconv from 'iconv-lite';
import { MARKET_RULES } from '@flaneur/schema';
import { startGateway, TestGateway, unique } from '../../../test/gateway';
import { importDvf } from './dvf-import';
import { DVF_LAYOUT_COLUMNS, dvfCsv, flatLine, type DvfSampleLine } from './dvf-writer';
import { MarketImportError } from './market-import-error';
import { importRents } from './rents-import';

let gw: TestGateway;
let dir: string;
// The départements of this file's samples (fictitious codes: no other test stores sales there).
const DEPS = ['Z1', 'Z2', 'Z3', 'Z4', 'Z5', 'Z6', 'Z7'];
beforeAll(async () => {
  gw = await startGateway({}, { startOutbox: false });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-dvf-'));
  await gw.db.query('DELETE FROM market_sales WHERE code_departement = ANY($1)', [DEPS]);
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await gw.close();
});

/** Writes a sample file in the test's folder and answers its path. */
function write(name: string, content: string | Buffer): string {
  const file = path.join(dir, `${unique('f')}-${name}`);
  fs.writeFileSync(file, content);
  return file;
}

type SaleRow = { id_mutation: string; price: string; price_per_m2: string; surface: string; off_plan: boolean };
/** The stored sales among `ids`, sorted by id (in JavaScript's order, as the expectations). */
const sales = async (ids: string[]): Promise<SaleRow[]> =>
  (
    (await gw.db.query(
      'SELECT id_mutation, price, price_per_m2, surface, off_plan, date_mutation::text AS date FROM market_sales WHERE id_mutation = ANY($1)',
      [ids],
    )) as SaleRow[]
  ).sort((a, b) => (a.id_mutation < b.id_mutation ? -1 : 1));
const storedIds = async (ids: string[]) => (await sales(ids)).map((s) => s.id_mutation);

/** A flat's line in département `dep` (its commune and coordinates kept). */
const flat = (id: string, dep: string, over: DvfSampleLine = {}) => flatLine(id, { code_departement: dep, ...over });

describe('importDvf: the rules of a sale', () => {
  it('should count one id_mutation once, its price repeated on the lines of the flat and its outbuildings', async () => {
    const id = unique('M');
    const file = write(
      'multi-lot.csv',
      dvfCsv([
        flat(id, 'Z1', { valeur_fonciere: 400000, surface_reelle_bati: 50, lot1_numero: '4' }),
        flat(id, 'Z1', {
          valeur_fonciere: 400000,
          type_local: 'Dépendance',
          surface_reelle_bati: '',
          nombre_pieces_principales: 0,
          lot1_numero: '31',
        }),
        flat(id, 'Z1', {
          valeur_fonciere: 400000,
          type_local: 'Dépendance',
          surface_reelle_bati: '',
          nombre_pieces_principales: 0,
          lot1_numero: '32',
        }),
      ]),
    );
    const summary = await importDvf(gw.db, [file]);
    expect(summary).toMatchObject({ lines: 3, mutations: 1, kept: 1, inserted: 1 });
    const [sale] = await sales([id]);
    // 400,000 € once (not 1,200,000) for the flat's 50 m²: 8,000 €/m².
    expect(Number(sale.price)).toBe(400000);
    expect(Number(sale.price_per_m2)).toBe(8000);
    expect(Number(sale.surface)).toBe(50);
  });

  it('should keep « Vente » and VEFA (marked off plan) and drop an auction and an exchange', async () => {
    const [sale, vefa, auction, exchange] = [unique('V'), unique('F'), unique('A'), unique('E')];
    const file = write(
      'natures.csv',
      dvfCsv([
        flat(sale, 'Z1'),
        flat(vefa, 'Z1', { nature_mutation: "Vente en l'état futur d'achèvement" }),
        flat(auction, 'Z1', { nature_mutation: 'Adjudication' }),
        flat(exchange, 'Z1', { nature_mutation: 'Echange' }),
      ]),
    );
    const summary = await importDvf(gw.db, [file]);
    expect(summary.kept).toBe(2);
    expect(summary.rejected.nature).toBe(2);
    const rows = await sales([sale, vefa, auction, exchange]);
    expect(rows.map((r) => [r.id_mutation, r.off_plan])).toEqual(
      [
        [sale, false],
        [vefa, true],
      ].sort(),
    );
  });

  it('should keep exactly one dwelling: two flats, or a shop with a flat, are dropped', async () => {
    const [one, two, shop] = [unique('O'), unique('T'), unique('S')];
    const file = write(
      'dwellings.csv',
      dvfCsv([
        flat(one, 'Z1'),
        flat(two, 'Z1', { lot1_numero: '1', surface_reelle_bati: 30 }),
        flat(two, 'Z1', { lot1_numero: '2', surface_reelle_bati: 45 }),
        flat(shop, 'Z1'),
        flat(shop, 'Z1', {
          type_local: 'Local industriel. commercial ou assimilé',
          lot1_numero: '3',
          nombre_pieces_principales: 0,
        }),
      ]),
    );
    const summary = await importDvf(gw.db, [file]);
    expect(summary).toMatchObject({ mutations: 3, kept: 1 });
    expect(summary.rejected.dwellings).toBe(2);
    expect(await storedIds([one, two, shop])).toEqual([one]);
  });

  it('should drop a sale without coordinates', async () => {
    const [placed, unplaced] = [unique('P'), unique('N')];
    const file = write(
      'coordinates.csv',
      dvfCsv([flat(placed, 'Z1'), flat(unplaced, 'Z1', { latitude: '', longitude: '' })]),
    );
    const summary = await importDvf(gw.db, [file]);
    expect(summary.rejected.coordinates).toBe(1);
    expect(await storedIds([placed, unplaced])).toEqual([placed]);
  });

  it(`should drop a dwelling under ${MARKET_RULES.surfaceMinM2} m² even when its €/m² is plausible`, async () => {
    const [room, tiny] = [unique('R'), unique('Y')];
    const file = write(
      'surface.csv',
      dvfCsv([
        flat(room, 'Z1', { surface_reelle_bati: 9, valeur_fonciere: 90000 }),
        // 8 m² at 80,000 €: 10,000 €/m², within the band; the surface alone rules it out.
        flat(tiny, 'Z1', { surface_reelle_bati: 8, valeur_fonciere: 80000 }),
      ]),
    );
    const summary = await importDvf(gw.db, [file]);
    expect(summary.rejected.surface).toBe(1);
    expect(await storedIds([room, tiny])).toEqual([room]);
  });

  it('should drop a sale whose €/m² is outside the plausible band, and name it in the summary', async () => {
    const [low, inBand, high, floor, ceiling] = [unique('L'), unique('I'), unique('H'), unique('B'), unique('C')];
    const file = write(
      'band.csv',
      dvfCsv([
        // 100 €/m²: a parking space counted as a flat.
        flat(low, 'Z1', { surface_reelle_bati: 30, valeur_fonciere: 3000 }),
        flat(inBand, 'Z1', { surface_reelle_bati: 30, valeur_fonciere: 300000 }),
        // 50,000 €/m².
        flat(high, 'Z1', { surface_reelle_bati: 30, valeur_fonciere: 1500000 }),
        // The bounds themselves are plausible.
        flat(floor, 'Z1', { surface_reelle_bati: 40, valeur_fonciere: MARKET_RULES.pricePerM2Min * 40 }),
        flat(ceiling, 'Z1', { surface_reelle_bati: 40, valeur_fonciere: MARKET_RULES.pricePerM2Max * 40 }),
      ]),
    );
    const summary = await importDvf(gw.db, [file]);
    expect(summary.rejected.band).toBe(2);
    expect(await storedIds([low, inBand, high, floor, ceiling])).toEqual([inBand, floor, ceiling].sort());
    expect(summary.issues).toEqual([
      expect.objectContaining({ file, line: 2, column: 'valeur_fonciere' }),
      expect.objectContaining({ file, line: 4, column: 'valeur_fonciere' }),
    ]);
  });
});

describe('importDvf: re-imports and periods', () => {
  it('should change nothing when the same file is imported again', async () => {
    const ids = [unique('a'), unique('b'), unique('c')];
    const file = write('again.csv', dvfCsv(ids.map((id, i) => flat(id, 'Z2', { valeur_fonciere: 200000 + i * 1000 }))));
    const first = await importDvf(gw.db, [file]);
    expect(first).toMatchObject({ inserted: 3, updated: 0, unchanged: 0, removed: 0 });
    const before = await sales(ids);
    const again = await importDvf(gw.db, [file]);
    expect(again).toMatchObject({ kept: 3, inserted: 0, updated: 0, unchanged: 3, removed: 0 });
    expect(await sales(ids)).toEqual(before);
  });

  it('should let a new file of the same département replace the sales of the days it covers', async () => {
    const [january, march, june, august] = [unique('j'), unique('m'), unique('u'), unique('g')];
    const older = write(
      'semester-1.csv',
      dvfCsv([
        flat(january, 'Z3', { date_mutation: '2024-01-10' }),
        flat(march, 'Z3', { date_mutation: '2024-03-01', valeur_fonciere: 300000 }),
        flat(june, 'Z3', { date_mutation: '2024-06-20' }),
      ]),
    );
    await importDvf(gw.db, [older]);
    // The new file covers 2024-02-01 … 2024-08-31: March's sale is corrected, June's is gone, August's is new.
    const newer = write(
      'semester-2.csv',
      dvfCsv([
        flat(unique('k'), 'Z3', { date_mutation: '2024-02-01', nature_mutation: 'Adjudication' }),
        flat(march, 'Z3', { date_mutation: '2024-03-01', valeur_fonciere: 310000 }),
        flat(august, 'Z3', { date_mutation: '2024-08-31' }),
      ]),
    );
    const summary = await importDvf(gw.db, [newer]);
    expect(summary).toMatchObject({ inserted: 1, updated: 1, removed: 1 });
    const rows = await sales([january, march, june, august]);
    expect(rows.map((r) => r.id_mutation)).toEqual([january, march, august].sort());
    expect(Number(rows.find((r) => r.id_mutation === march)!.price)).toBe(310000);
  });

  it('should not touch another département over the same days', async () => {
    const [kept, other] = [unique('d'), unique('o')];
    await importDvf(gw.db, [write('dep-4.csv', dvfCsv([flat(kept, 'Z4', { date_mutation: '2024-05-05' })]))]);
    const summary = await importDvf(gw.db, [
      write('dep-5.csv', dvfCsv([flat(other, 'Z5', { date_mutation: '2024-05-05' })])),
    ]);
    expect(summary.removed).toBe(0);
    expect(await storedIds([kept, other])).toEqual([kept, other].sort());
  });

  it('should read several files in one run, a .gz among them', async () => {
    const [plain, zipped] = [unique('p'), unique('z')];
    const a = write('75.csv', dvfCsv([flat(plain, 'Z6')]));
    const b = write('76.csv.gz', zlib.gzipSync(dvfCsv([flat(zipped, 'Z6', { valeur_fonciere: 250000 })])));
    const summary = await importDvf(gw.db, [a, b]);
    expect(summary).toMatchObject({ files: 2, lines: 2, kept: 2 });
    const rows = await sales([plain, zipped]);
    expect(rows.find((r) => r.id_mutation === zipped)?.price_per_m2).toBeDefined();
    expect(Number(rows.find((r) => r.id_mutation === zipped)!.price)).toBe(250000);
  });
});

describe('importDvf: bad input', () => {
  it('should refuse a file with a renamed column before writing anything, naming the file and the column', async () => {
    const good = unique('g');
    const a = write('good.csv', dvfCsv([flat(good, 'Z7')]));
    const renamed = DVF_LAYOUT_COLUMNS.map((c) => (c === 'valeur_fonciere' ? 'valeur' : c));
    const b = write('renamed.csv', dvfCsv([flat(unique('r'), 'Z7')], renamed));
    const error = await importDvf(gw.db, [a, b]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketImportError);
    expect((error as Error).message).toBe(`Fichier ${b} : colonne « valeur_fonciere » absente de l'en-tête`);
    expect(await storedIds([good])).toEqual([]);
  });

  it('should refuse a file with the wrong separator, saying so', async () => {
    const id = unique('s');
    const text = dvfCsv([flat(id, 'Z7')]).replace(/,/g, ';');
    const file = write('semicolons.csv', text);
    await expect(importDvf(gw.db, [file])).rejects.toThrow(
      `Fichier ${file} : colonne « id_mutation » absente de l'en-tête (mauvais séparateur ?)`,
    );
    expect(await storedIds([id])).toEqual([]);
  });

  it('should refuse a missing file in French', async () => {
    const file = path.join(dir, 'absent.csv');
    await expect(importDvf(gw.db, [file])).rejects.toThrow(`Fichier ${file} : introuvable ou illisible`);
  });

  it('should skip a broken line, count it with its line and column, and leave out its mutation only', async () => {
    const [before, broken, after] = [unique('x'), unique('y'), unique('w')];
    const file = write(
      'broken.csv',
      dvfCsv([
        flat(before, 'Z7'),
        flat(broken, 'Z7', { date_mutation: 'hier' }),
        flat(broken, 'Z7', { type_local: 'Dépendance', lot1_numero: '40', surface_reelle_bati: '' }),
        flat(after, 'Z7', { valeur_fonciere: -5 }),
      ]),
    );
    const summary = await importDvf(gw.db, [file]);
    expect(summary.brokenLines).toBe(2);
    expect(summary.issues).toEqual([
      { file, line: 3, column: 'date_mutation', message: 'date « hier » illisible (attendu AAAA-MM-JJ)' },
      {
        file,
        line: 5,
        column: 'valeur_fonciere',
        message: 'valeur foncière « -5 » absente, illisible ou négative',
      },
    ]);
    expect(await storedIds([before, broken, after])).toEqual([before]);
  });

  it('should skip a line whose quote is left open and go on', async () => {
    const [ok, next] = [unique('q'), unique('n')];
    const lines = dvfCsv([flat(ok, 'Z7'), flat(next, 'Z7')]).split('\n');
    const file = write(
      'quote.csv',
      [lines[0], lines[1], `${unique('bad')},2024-01-01,"000001,Vente`, lines[2]].join('\n'),
    );
    const summary = await importDvf(gw.db, [file]);
    expect(summary.brokenLines).toBeGreaterThanOrEqual(1);
    expect(await storedIds([ok])).toEqual([ok]);
  });
});

describe('importRents', () => {
  const header = 'id_zone;INSEE_C;LIBGEO;EPCI;DEP;REG;loypredm2;lwr.IPm2;upr.IPm2;TYPPRED;nbobs_com;nbobs_mail;R2_adj';
  const text = (code1: string, code2: string) =>
    [
      header,
      `1;${code1};Évry-Courcouronnes;200059228;91;11;17,42;14,1;21,53;commune;312;1200;0,71`,
      `2;${code2};Châtillon;200054781;92;11;24,05;19,87;29,1;commune;;850;0,74`,
      // A rent with no figure: skipped and counted.
      `3;91001;Abbéville-la-Rivière;200056380;91;11;;;;maille;2;20;0,5`,
    ].join('\n') + '\n';
  const stored = (codes: string[], year: number) =>
    gw.db.query(
      'SELECT code_commune, commune, predicted::float AS predicted, lower::float AS lower, upper::float AS upper, observations FROM market_rents WHERE code_commune = ANY($1) AND year = $2 ORDER BY code_commune',
      [codes, year],
    );

  it.each(['utf8', 'latin1'] as const)(
    'should read a %s file (semicolons, decimal commas) and merge it by commune',
    async (encoding) => {
      const year = encoding === 'utf8' ? 2023 : 2022;
      const codes = ['91228', '92020'];
      await gw.db.query('DELETE FROM market_rents WHERE code_commune = ANY($1) AND year = $2', [codes, year]);
      const file = write(`pred-app-mef-dhup-${year}.csv`, iconv.encode(text(codes[0], codes[1]), encoding));
      const summary = await importRents(gw.db, file);
      expect(summary).toMatchObject({ type: 'apartment', year, encoding, lines: 3, kept: 2, inserted: 2 });
      expect(summary.issues).toEqual([expect.objectContaining({ file, line: 4, column: 'loypredm2' })]);
      expect(await stored(codes, year)).toEqual([
        {
          code_commune: '91228',
          commune: 'Évry-Courcouronnes',
          predicted: 17.42,
          lower: 14.1,
          upper: 21.53,
          observations: 312,
        },
        {
          code_commune: '92020',
          commune: 'Châtillon',
          predicted: 24.05,
          lower: 19.87,
          upper: 29.1,
          observations: null,
        },
      ]);
      const again = await importRents(gw.db, file);
      expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    },
  );

  it('should take the type and year given for a file whose name tells neither', async () => {
    const file = write('loyers.csv', text('2A004', '2B033'));
    await gw.db.query("DELETE FROM market_rents WHERE code_commune IN ('2A004', '2B033') AND year = 2021");
    const summary = await importRents(gw.db, file, { type: 'maison', year: '2021' });
    expect(summary).toMatchObject({ type: 'house', year: 2021, kept: 2 });
    await expect(importRents(gw.db, file)).rejects.toThrow(`Fichier ${file} : type de bien inconnu`);
  });

  it('should refuse a renamed column, or commas for semicolons, before writing anything', async () => {
    const renamed = write('pred-mai-2020.csv', text('91228', '92020').replace('loypredm2', 'loyer'));
    await expect(importRents(gw.db, renamed)).rejects.toThrow(
      `Fichier ${renamed} : colonne « loypredm2 » absente de l'en-tête`,
    );
    const commas = write('pred-mai-2020.csv', text('91228', '92020').replace(/;/g, ','));
    await expect(importRents(gw.db, commas)).rejects.toThrow(
      `Fichier ${commas} : colonne « INSEE_C » absente de l'en-tête (mauvais séparateur ?)`,
    );
    expect(await stored(['91228', '92020'], 2020)).toEqual([]);
  });
});
