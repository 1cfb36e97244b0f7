import iconv from 'iconv-lite';
import { zipSync, type Zippable } from 'fflate';
import { POLIRIS_FIELD_COUNT, POLIRIS_FIELDS, POLIRIS_PHOTO_POSITIONS, type PolirisField } from './poliris-fields';

/** One listing of a sample feed, by field name; photos are file names in the ZIP (or URLs). */
export type PolirisLine = Partial<Record<PolirisField, string | number | boolean | null>> & {
  photos?: string[];
  /** Raw values at positions (1-based), over the named ones: for lines the tests break on purpose. */
  at?: Record<number, string>;
  /** Fields written (default POLIRIS_FIELD_COUNT): fewer or more to test missing and extra fields. */
  fieldCount?: number;
};

const text = (v: string | number | boolean | null | undefined) =>
  v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? 'OUI' : 'NON') : String(v);

/**
 * One Annonces.csv line in the Poliris format: every field quoted with ", separated by !#, values at the positions
 * of POLIRIS_FIELDS. Used by the tests, the demo seed and the journey (our own sample feeds, never a portal's).
 */
export function polirisLine(line: PolirisLine): string {
  const count = line.fieldCount ?? POLIRIS_FIELD_COUNT;
  const fields = new Array<string>(Math.max(count, 0)).fill('');
  for (const [name, pos] of Object.entries(POLIRIS_FIELDS)) {
    if (pos <= count) fields[pos - 1] = text(line[name as PolirisField]);
  }
  (line.photos ?? []).forEach((photo, i) => {
    const pos = POLIRIS_PHOTO_POSITIONS[i];
    if (pos !== undefined && pos <= count) fields[pos - 1] = photo;
  });
  for (const [pos, v] of Object.entries(line.at ?? {})) if (Number(pos) <= count) fields[Number(pos) - 1] = v;
  return fields.map((f) => `"${f.replace(/"/g, "'")}"`).join('!#');
}

/** Annonces.csv as bytes: UTF-8 or ISO-8859-1 (what most agency software still writes), CRLF line ends. */
export function annoncesCsv(lines: PolirisLine[], encoding: 'utf8' | 'latin1' = 'latin1'): Buffer {
  const body = lines.map(polirisLine).join('\r\n') + '\r\n';
  return encoding === 'utf8' ? Buffer.from(body, 'utf8') : iconv.encode(body, 'latin1');
}

/** A feed ZIP: Annonces.csv and the photos (name → bytes) at its root. */
export function polirisZip(
  lines: PolirisLine[],
  photos: Record<string, Buffer> = {},
  opts: { encoding?: 'utf8' | 'latin1'; csvName?: string } = {},
): Buffer {
  const files: Zippable = { [opts.csvName ?? 'Annonces.csv']: annoncesCsv(lines, opts.encoding) };
  // Photos are already compressed: stored as they are.
  for (const [name, data] of Object.entries(photos)) files[name] = [new Uint8Array(data), { level: 0 }];
  return Buffer.from(zipSync(files, { level: 6 }));
}

/** A lawful sale line (energy mentions, agency fees paid by the seller) to override field by field. */
export function saleLine(reference: string, overrides: PolirisLine = {}): PolirisLine {
  return {
    agencyId: 'AG-DEMO',
    reference,
    transaction: 'vente',
    propertyType: 1,
    postalCode: '75011',
    city: 'Paris',
    country: 'France',
    address: '12 rue de la Roquette',
    price: 420000,
    surface: 52,
    rooms: 3,
    bedrooms: 2,
    bathrooms: 1,
    floor: 3,
    title: `Trois pièces lumineux ${reference}`,
    description: 'Bel appartement traversant, proche du métro.',
    dpeClass: 'C',
    dpeValue: 135,
    gesClass: 'B',
    gesValue: 18,
    energyCostMin: 880,
    energyCostMax: 1220,
    energyPricesYear: 2023,
    buyerPaysFees: false,
    latitude: 48.8546,
    longitude: 2.3735,
    negotiatorName: 'Léa Martin',
    negotiatorEmail: 'lea.martin@agence.example',
    negotiatorPhone: '0142000000',
    photos: [],
    ...overrides,
  };
}
