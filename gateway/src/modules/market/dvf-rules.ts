import { MARKET_RULES, type MarketType } from '@flaneur/schema';

/*
 * The DVF rules, written once (docs/decisions.md « Market data (DVF, carte des loyers) »): which lines of an Etalab
 * « DVF géolocalisées » file make a sale, and what it is worth per m².
 */

/** The columns an import needs, by name (the other columns of the layout are ignored). */
export const DVF_COLUMNS = [
  'id_mutation',
  'date_mutation',
  'nature_mutation',
  'valeur_fonciere',
  'adresse_numero',
  'adresse_suffixe',
  'adresse_nom_voie',
  'code_postal',
  'code_commune',
  'nom_commune',
  'code_departement',
  'id_parcelle',
  'type_local',
  'surface_reelle_bati',
  'nombre_pieces_principales',
  'longitude',
  'latitude',
] as const;
export type DvfColumn = (typeof DVF_COLUMNS)[number];

/** The natures kept: a sale, and a sale before completion (VEFA). Auctions, exchanges, expropriations are not. */
export const KEPT_NATURES: Record<string, boolean> = { Vente: false, "Vente en l'état futur d'achèvement": true };
/** The dwellings: DVF's type_local → our type. */
export const DWELLINGS: Record<string, MarketType> = { Appartement: 'apartment', Maison: 'house' };
/** A sale may also hold outbuildings (cellar, parking) and land lines (no type_local). */
const ALLOWED_WITH_DWELLING = new Set(['Dépendance', '']);

/** One parsed line of a DVF file. */
export interface DvfLine {
  line: number;
  idMutation: string;
  date: string;
  nature: string;
  value: number;
  street: string;
  postalCode: string;
  codeCommune: string;
  commune: string;
  codeDepartement: string;
  parcel: string;
  lot: string;
  typeLocal: string;
  surface: number | null;
  rooms: number | null;
  longitude: number | null;
  latitude: number | null;
}

/** A line that cannot be read: its column and why, in French. */
export interface LineIssue {
  line: number;
  column: string;
  message: string;
}

/** A number of the layout (decimal point), or null when empty; undefined when it is not a number. */
function num(raw: string | undefined): number | null | undefined {
  const s = (raw ?? '').trim();
  if (s === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** Reads one line (its fields by column name); a field that cannot be read makes the whole line broken. */
export function parseDvfLine(get: (c: DvfColumn) => string, line: number, lot = ''): DvfLine | LineIssue {
  const bad = (column: DvfColumn, message: string): LineIssue => ({ line, column, message });
  const idMutation = get('id_mutation').trim();
  if (!idMutation || idMutation.length > 40) return bad('id_mutation', 'identifiant de mutation absent ou trop long');
  const date = get('date_mutation').trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
    return bad('date_mutation', `date « ${date} » illisible (attendu AAAA-MM-JJ)`);
  const value = num(get('valeur_fonciere'));
  if (value === undefined || value === null || value <= 0)
    return bad('valeur_fonciere', `valeur foncière « ${get('valeur_fonciere')} » absente, illisible ou négative`);
  const surface = num(get('surface_reelle_bati'));
  if (surface === undefined || (surface !== null && surface < 0))
    return bad('surface_reelle_bati', `surface « ${get('surface_reelle_bati')} » illisible`);
  const rooms = num(get('nombre_pieces_principales'));
  if (rooms === undefined || (rooms !== null && (rooms < 0 || !Number.isInteger(rooms))))
    return bad('nombre_pieces_principales', `nombre de pièces « ${get('nombre_pieces_principales')} » illisible`);
  const longitude = num(get('longitude'));
  if (longitude === undefined || (longitude !== null && Math.abs(longitude) > 180))
    return bad('longitude', `longitude « ${get('longitude')} » illisible`);
  const latitude = num(get('latitude'));
  if (latitude === undefined || (latitude !== null && Math.abs(latitude) > 90))
    return bad('latitude', `latitude « ${get('latitude')} » illisible`);
  const number = `${get('adresse_numero').trim()}${get('adresse_suffixe').trim()}`;
  return {
    line,
    idMutation,
    date,
    nature: get('nature_mutation').trim(),
    value,
    street: `${number} ${get('adresse_nom_voie').trim()}`.trim().slice(0, 200),
    postalCode: get('code_postal').trim().slice(0, 5),
    codeCommune: get('code_commune').trim().slice(0, 5),
    commune: get('nom_commune').trim().slice(0, 100),
    codeDepartement: get('code_departement').trim().slice(0, 3),
    parcel: get('id_parcelle').trim(),
    lot: lot.trim(),
    typeLocal: get('type_local').trim(),
    surface,
    rooms,
    longitude,
    latitude,
  };
}

/** A kept sale, ready to store. */
export interface DvfSale {
  idMutation: string;
  date: string;
  type: MarketType;
  offPlan: boolean;
  rooms: number | null;
  surface: number;
  price: number;
  pricePerM2: number;
  street: string;
  postalCode: string;
  codeCommune: string;
  commune: string;
  codeDepartement: string;
  latitude: number;
  longitude: number;
}

/** Why a mutation is not a sale we keep (the summary counts each). */
export type DvfRejection = 'nature' | 'dwellings' | 'coordinates' | 'surface' | 'band';

/** The French label of each rejection, for the summary. */
export const REJECTION_LABELS: Record<DvfRejection, string> = {
  nature: 'autre nature que « Vente » ou VEFA (adjudication, échange…)',
  dwellings: "pas exactement un logement (plusieurs logements, local d'activité, terrain seul)",
  coordinates: 'sans coordonnées',
  surface: `surface bâtie absente ou inférieure à ${MARKET_RULES.surfaceMinM2} m²`,
  band: `prix au m² hors de la plage plausible (${MARKET_RULES.pricePerM2Min.toLocaleString('fr-FR')} à ${MARKET_RULES.pricePerM2Max.toLocaleString('fr-FR')} €/m²)`,
};

/**
 * The sale of one mutation (all its lines, read without error), or why it is not kept. The price is the mutation's
 * valeur foncière, counted once though it repeats on every line; the lines of one dwelling repeated over several
 * land parcels or cultures (same parcel, lot, type, surface, rooms) count as one dwelling.
 */
export function decideSale(
  lines: DvfLine[],
): { sale: DvfSale } | { rejected: DvfRejection; issue?: Omit<LineIssue, 'line'> & { line: number } } {
  const first = lines[0];
  if (!(first.nature in KEPT_NATURES)) return { rejected: 'nature' };
  const dwellings = new Map<string, DvfLine>();
  for (const l of lines) {
    if (l.typeLocal in DWELLINGS) {
      dwellings.set([l.parcel, l.lot, l.typeLocal, l.surface, l.rooms].join('|'), l);
    } else if (!ALLOWED_WITH_DWELLING.has(l.typeLocal)) return { rejected: 'dwellings' };
  }
  if (dwellings.size !== 1) return { rejected: 'dwellings' };
  const home = [...dwellings.values()][0];
  if (home.latitude === null || home.longitude === null) return { rejected: 'coordinates' };
  if (!home.surface || home.surface < MARKET_RULES.surfaceMinM2) return { rejected: 'surface' };
  const pricePerM2 = Math.round((first.value / home.surface) * 100) / 100;
  if (pricePerM2 < MARKET_RULES.pricePerM2Min || pricePerM2 > MARKET_RULES.pricePerM2Max) {
    return {
      rejected: 'band',
      issue: {
        line: home.line,
        column: 'valeur_fonciere',
        message: `${Math.round(pricePerM2).toLocaleString('fr-FR')} €/m² (${first.value} € pour ${home.surface} m²) hors de la plage plausible`,
      },
    };
  }
  return {
    sale: {
      idMutation: first.idMutation,
      date: first.date,
      type: DWELLINGS[home.typeLocal],
      offPlan: KEPT_NATURES[first.nature],
      rooms: home.rooms,
      surface: home.surface,
      price: first.value,
      pricePerM2,
      street: home.street,
      postalCode: home.postalCode,
      codeCommune: home.codeCommune,
      commune: home.commune,
      codeDepartement: home.codeDepartement,
      latitude: home.latitude,
      longitude: home.longitude,
    },
  };
}
