/**
 * Rent control (« encadrement des loyers », loi ELAN n° 2018-1021 art. 140, extended by loi 3DS n° 2022-217):
 * the territories where it applies, each with the date its prefectoral order took effect. To follow a change,
 * edit this table only: add a territory, or set `until` (last day included) when the experiment ends there.
 * Keyed by postal code; when a postal code is shared with a commune outside the territory, `cities` names the
 * communes inside it (compared without case or accents).
 */
export interface RentControlTerritory {
  name: string;
  /** First day rent control applies (ISO date). */
  since: string;
  /** Last day it applies, once known (ISO date); null while in force. */
  until: string | null;
  communes: readonly { name: string; postalCodes: readonly string[] }[];
}

/** Checked on 2026-11-24 (issue 20); see docs/decisions.md « Legal mentions on listings ». */
export const RENT_CONTROL_TABLE_DATE = '2026-11-24';

const range = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${String(from + i).padStart(2, '0')}`);

export const RENT_CONTROL_TERRITORIES: readonly RentControlTerritory[] = [
  {
    name: 'Paris',
    since: '2019-07-01',
    until: null,
    communes: [{ name: 'Paris', postalCodes: [...range('750', 1, 20), '75116'] }],
  },
  {
    name: 'Lille-Hellemmes-Lomme',
    since: '2020-03-01',
    until: null,
    communes: [
      { name: 'Lille', postalCodes: ['59000', '59160', '59260', '59777', '59800'] },
      { name: 'Lomme', postalCodes: ['59160'] },
      { name: 'Hellemmes', postalCodes: ['59260'] },
      { name: 'Hellemmes-Lille', postalCodes: ['59260'] },
    ],
  },
  {
    name: 'Plaine Commune',
    since: '2021-06-01',
    until: null,
    communes: [
      { name: 'Aubervilliers', postalCodes: ['93300'] },
      { name: 'Épinay-sur-Seine', postalCodes: ['93800'] },
      { name: "L'Île-Saint-Denis", postalCodes: ['93450'] },
      { name: 'La Courneuve', postalCodes: ['93120'] },
      { name: 'Pierrefitte-sur-Seine', postalCodes: ['93380'] },
      { name: 'Saint-Denis', postalCodes: ['93200', '93210'] },
      { name: 'Saint-Ouen-sur-Seine', postalCodes: ['93400'] },
      { name: 'Saint-Ouen', postalCodes: ['93400'] },
      { name: 'Stains', postalCodes: ['93240'] },
      { name: 'Villetaneuse', postalCodes: ['93430'] },
    ],
  },
  {
    name: 'Est Ensemble',
    since: '2021-12-01',
    until: null,
    communes: [
      { name: 'Bagnolet', postalCodes: ['93170'] },
      { name: 'Bobigny', postalCodes: ['93000'] },
      { name: 'Bondy', postalCodes: ['93140'] },
      { name: 'Le Pré-Saint-Gervais', postalCodes: ['93310'] },
      { name: 'Les Lilas', postalCodes: ['93260'] },
      { name: 'Montreuil', postalCodes: ['93100'] },
      { name: 'Noisy-le-Sec', postalCodes: ['93130'] },
      { name: 'Pantin', postalCodes: ['93500'] },
      { name: 'Romainville', postalCodes: ['93230'] },
    ],
  },
  {
    name: 'Lyon-Villeurbanne',
    since: '2021-11-01',
    until: null,
    communes: [
      { name: 'Lyon', postalCodes: range('690', 1, 9) },
      { name: 'Villeurbanne', postalCodes: ['69100'] },
    ],
  },
  {
    name: 'Montpellier',
    since: '2022-07-01',
    until: null,
    communes: [{ name: 'Montpellier', postalCodes: ['34000', '34070', '34080', '34090'] }],
  },
  {
    name: 'Bordeaux',
    since: '2022-07-15',
    until: null,
    communes: [{ name: 'Bordeaux', postalCodes: ['33000', '33100', '33200', '33300', '33800'] }],
  },
  {
    name: 'Pays basque',
    since: '2024-11-25',
    until: null,
    communes: [
      { name: 'Ahetze', postalCodes: ['64210'] },
      { name: 'Anglet', postalCodes: ['64600'] },
      { name: 'Arbonne', postalCodes: ['64210'] },
      { name: 'Arcangues', postalCodes: ['64200'] },
      { name: 'Ascain', postalCodes: ['64310'] },
      { name: 'Bassussarry', postalCodes: ['64200'] },
      { name: 'Bayonne', postalCodes: ['64100'] },
      { name: 'Biarritz', postalCodes: ['64200'] },
      { name: 'Bidart', postalCodes: ['64210'] },
      { name: 'Biriatou', postalCodes: ['64700'] },
      { name: 'Boucau', postalCodes: ['64340'] },
      { name: 'Ciboure', postalCodes: ['64500'] },
      { name: 'Guéthary', postalCodes: ['64210'] },
      { name: 'Hendaye', postalCodes: ['64700'] },
      { name: 'Jatxou', postalCodes: ['64480'] },
      { name: 'Lahonce', postalCodes: ['64990'] },
      { name: 'Larressore', postalCodes: ['64480'] },
      { name: 'Mouguerre', postalCodes: ['64990'] },
      { name: 'Saint-Jean-de-Luz', postalCodes: ['64500'] },
      { name: "Saint-Pierre-d'Irube", postalCodes: ['64990'] },
      { name: 'Urcuit', postalCodes: ['64990'] },
      { name: 'Urrugne', postalCodes: ['64122'] },
      { name: 'Ustaritz', postalCodes: ['64480'] },
      { name: 'Villefranque', postalCodes: ['64990'] },
    ],
  },
  {
    name: 'Grenoble-Alpes Métropole (communes en zone tendue)',
    since: '2025-01-20',
    until: null,
    communes: [
      { name: 'Grenoble', postalCodes: ['38000', '38100'] },
      { name: 'Bresson', postalCodes: ['38320'] },
      { name: 'Claix', postalCodes: ['38640'] },
      { name: 'Corenc', postalCodes: ['38700'] },
      { name: 'Domène', postalCodes: ['38420'] },
      { name: 'Échirolles', postalCodes: ['38130'] },
      { name: 'Eybens', postalCodes: ['38320'] },
      { name: 'Fontaine', postalCodes: ['38600'] },
      { name: 'Le Fontanil-Cornillon', postalCodes: ['38120'] },
      { name: 'Gières', postalCodes: ['38610'] },
      { name: 'La Tronche', postalCodes: ['38700'] },
      { name: 'Meylan', postalCodes: ['38240'] },
      { name: 'Murianette', postalCodes: ['38420'] },
      { name: 'Le Pont-de-Claix', postalCodes: ['38800'] },
      { name: 'Poisat', postalCodes: ['38320'] },
      { name: 'Saint-Égrève', postalCodes: ['38120'] },
      { name: "Saint-Martin-d'Hères", postalCodes: ['38400'] },
      { name: 'Saint-Martin-le-Vinoux', postalCodes: ['38950'] },
      { name: 'Sassenage', postalCodes: ['38360'] },
      { name: 'Seyssinet-Pariset', postalCodes: ['38170'] },
      { name: 'Seyssins', postalCodes: ['38180'] },
    ],
  },
];

/** Lower case, no accents, hyphens and apostrophes as spaces, an arrondissement suffix dropped ("Paris 11e"). */
export function normaliseCommune(city: string): string {
  return city
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[-'’]/g, ' ')
    .replace(/\s+\d{1,2}\s*(e|er|eme|ème)?(\s+arrondissement)?$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The rent-control territory of a commune on a date (default today), or null. The postal code must be one of
 * the commune's, and the city its name.
 */
export function rentControlTerritory(
  postalCode: string,
  city: string,
  on: Date = new Date(),
): RentControlTerritory | null {
  const day = on.toISOString().slice(0, 10);
  const name = normaliseCommune(city);
  return (
    RENT_CONTROL_TERRITORIES.find(
      (t) =>
        t.since <= day &&
        (t.until === null || day <= t.until) &&
        t.communes.some((c) => c.postalCodes.includes(postalCode) && normaliseCommune(c.name) === name),
    ) ?? null
  );
}

/** Whether a rental there is under rent control on that date. */
export const isRentControlled = (postalCode: string, city: string, on?: Date): boolean =>
  rentControlTerritory(postalCode, city, on) !== null;

const ARRONDISSEMENT_CITIES: Record<string, { prefix: string; count: number }> = {
  paris: { prefix: '75', count: 20 },
  lyon: { prefix: '690', count: 9 },
  marseille: { prefix: '130', count: 16 },
};

/**
 * The commune as a listing must name it: with its arrondissement for Paris, Lyon and Marseille ("Paris 11e",
 * "Lyon 1er", from the postal code; 75116 is Paris 16e), else the city as written.
 */
export function communeLabel(city: string, postalCode: string): string {
  const key = normaliseCommune(city);
  const spec = ARRONDISSEMENT_CITIES[key];
  if (!spec) return city;
  let n: number | null = null;
  if (key === 'paris' && postalCode === '75116') n = 16;
  else if (key === 'paris' && /^750\d\d$/.test(postalCode)) n = Number(postalCode.slice(3));
  else if (postalCode.startsWith(spec.prefix) && postalCode.length === 5)
    n = Number(postalCode.slice(spec.prefix.length));
  if (key === 'lyon' && !/^6900[1-9]$/.test(postalCode)) n = null;
  if (key === 'marseille' && !/^130(0[1-9]|1[0-6])$/.test(postalCode)) n = null;
  if (!n || n > spec.count) return city;
  const name = key === 'paris' ? 'Paris' : key === 'lyon' ? 'Lyon' : 'Marseille';
  return `${name} ${n}${n === 1 ? 'er' : 'e'}`;
}
