import { FEATURES, type DpeRating, type Feature, type PropertyType } from '@flaneur/schema';
import {
  ADJECTIVES,
  ARRONDISSEMENTS,
  BUILDING_STYLES,
  FEATURE_WITH_ARTICLE,
  FIRST_NAMES,
  LAST_NAMES,
  NEIGHBOURHOOD_SENTENCES,
  PARIS_OUTLINE,
  SUBURBS,
  WITH_FEATURE,
  type DemoPlace,
} from './demo-words';
import { drawLegal, type DemoLegal } from './demo-legal';

/** The first listings belong to the demo owner, a private person; the others to demo agencies (professionals). */
export const DEMO_OWNER_LISTINGS = 40;

/** One generated listing, shaped like the properties table (numbers still numbers; the seeder formats them). */
export interface DemoListing extends DemoLegal {
  title: string;
  description: string;
  price: number;
  isRental: boolean;
  size: number;
  /** « Pièces »: 1 for a studio (then 0 bedrooms). */
  rooms: number;
  bedrooms: number;
  bathrooms: number;
  floor: string | null;
  address: string;
  city: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  type: PropertyType;
  dpeRating: DpeRating | null;
  features: Feature[];
  ownerName: string;
  ownerEmail: string;
  ownerPhone: string;
}

/** Centre of the demo area (Hôtel de Ville), as the discovery screens assume. */
export const DEMO_CENTRE = { latitude: 48.8566, longitude: 2.3522 } as const;
/** 50 m short of 5 km, so a haversine check with any usual Earth radius still finds every listing inside. */
export const DEMO_RADIUS_KM = 4.95;
/** numeric(10,2) upper bound of properties.price. */
export const MAX_PRICE = 9_999_999.99;

const EARTH_RADIUS_KM = 6371;
/** Owners are drawn from a fixed pool so that the same person holds several listings, as in real life. */
const OWNER_POOL_SIZE = 60;

/** Seeded PRNG (mulberry32) with the few draws the generators need; same seed, same sequence, on any platform. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks a value with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1][0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }
}

/** Mixes integers into one 32-bit seed (murmur3 finaliser), so listing i does not depend on how many are generated. */
export function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A point uniform over the disc: sqrt of a uniform for the distance, then the great-circle destination formula. */
function randomPoint(rng: Random): { latitude: number; longitude: number } {
  const angular = (DEMO_RADIUS_KM * Math.sqrt(rng.next())) / EARTH_RADIUS_KM;
  const bearing = rng.range(0, 2 * Math.PI);
  const lat1 = (DEMO_CENTRE.latitude * Math.PI) / 180;
  const lon1 = (DEMO_CENTRE.longitude * Math.PI) / 180;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
  const lon2 =
    lon1 +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { latitude: round((lat2 * 180) / Math.PI, 7), longitude: round((lon2 * 180) / Math.PI, 7) };
}

/** Ray casting against the périphérique outline. */
function insideParis(lat: number, lon: number): boolean {
  let inside = false;
  for (let i = 0, j = PARIS_OUTLINE.length - 1; i < PARIS_OUTLINE.length; j = i++) {
    const [latI, lonI] = PARIS_OUTLINE[i];
    const [latJ, lonJ] = PARIS_OUTLINE[j];
    if (latI > lat !== latJ > lat && lon < ((lonJ - lonI) * (lat - latI)) / (latJ - latI) + lonI) inside = !inside;
  }
  return inside;
}

/** The arrondissement (inside Paris) or bordering town (outside) whose centre is nearest. */
export function placeAt(lat: number, lon: number): DemoPlace {
  const candidates = insideParis(lat, lon) ? ARRONDISSEMENTS : SUBURBS;
  const lonScale = Math.cos((lat * Math.PI) / 180); // a degree of longitude is shorter than one of latitude here
  let best = candidates[0];
  let bestDistance = Infinity;
  for (const place of candidates) {
    const distance = (place.lat - lat) ** 2 + ((place.lon - lon) * lonScale) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [place, distance];
  }
  return best;
}

interface Owner {
  name: string;
  email: string;
  phone: string;
}

/** e-mail local parts: lower case, accents stripped, only letters, digits, dots and hyphens. */
const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '');

function ownerPool(seed: number): Owner[] {
  const rng = new Random(mixSeed(seed, 0x0a11ce));
  const used = new Set<string>();
  const owners: Owner[] = [];
  while (owners.length < OWNER_POOL_SIZE) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const base = `${slug(first)}.${slug(last)}`;
    let email = `${base}@example.fr`;
    for (let n = 2; used.has(email); n++) email = `${base}${n}@example.fr`; // homonyms keep distinct addresses
    used.add(email);
    const pairs = Array.from({ length: 4 }, () => String(rng.int(0, 99)).padStart(2, '0'));
    owners.push({ name: `${first} ${last}`, email, phone: [rng.chance(0.7) ? '06' : '07', ...pairs].join(' ') });
  }
  return owners;
}

const FLOOR_WEIGHTS: readonly (readonly [number, number])[] = [
  [0, 10],
  [1, 15],
  [2, 15],
  [3, 15],
  [4, 14],
  [5, 13],
  [6, 10],
  [7, 8],
];
const floorLabel = (level: number) => (level === 0 ? 'RDC' : level === 1 ? '1er' : `${level}ème`);

/** Mostly C–E, as in the Paris housing stock; null is drawn separately. */
const DPE_WEIGHTS: readonly (readonly [DpeRating, number])[] = [
  ['A', 3],
  ['B', 7],
  ['C', 20],
  ['D', 30],
  ['E', 22],
  ['F', 11],
  ['G', 7],
];

type Odds = Partial<Record<Feature, number>>;
const FEATURE_ODDS: Record<PropertyType, Odds> = {
  apartment: {
    balcony: 0.35,
    cellar: 0.4,
    double_glazing: 0.5,
    central_heating: 0.35,
    equipped_kitchen: 0.55,
    parking: 0.12,
    intercom: 0.45,
    fireplace: 0.1,
  },
  house: {
    garden: 0.85,
    terrace: 0.4,
    garage: 0.4,
    parking: 0.3,
    cellar: 0.45,
    fireplace: 0.4,
    double_glazing: 0.5,
    central_heating: 0.45,
    equipped_kitchen: 0.6,
    pool: 0.05,
  },
  villa: {
    garden: 0.95,
    pool: 0.7,
    terrace: 0.7,
    garage: 0.55,
    parking: 0.4,
    fireplace: 0.45,
    double_glazing: 0.5,
    central_heating: 0.35,
    equipped_kitchen: 0.75,
  },
};
/** When more than six are drawn, these survive first: they are what titles and pictures show. */
const SIGNATURE: readonly Feature[] = ['pool', 'garden', 'terrace', 'elevator', 'balcony', 'garage', 'parking'];

function drawFeatures(rng: Random, type: PropertyType, level: number | null): Feature[] {
  const odds: Odds = { ...FEATURE_ODDS[type] };
  if (type === 'apartment' && level !== null) {
    odds.elevator = level >= 3 ? 0.85 : level >= 1 ? 0.4 : 0.15; // Paris walk-ups are common below the 3rd floor
    odds.terrace = level >= 5 ? 0.3 : 0.04;
    if (level === 0) odds.garden = 0.2; // a ground-floor flat may open onto a courtyard garden
  }
  const drawn = FEATURES.filter((feature) => rng.chance(odds[feature] ?? 0));
  const kept = [
    ...drawn.filter((f) => SIGNATURE.includes(f)),
    ...rng.shuffle(drawn.filter((f) => !SIGNATURE.includes(f))),
  ];
  const chosen = new Set(kept.slice(0, 6));
  return FEATURES.filter((feature) => chosen.has(feature)); // canonical order reads better and diffs better
}

function drawSize(rng: Random, type: PropertyType): number {
  // Skewed towards small surfaces: most Paris flats are under 60 m².
  const raw =
    type === 'apartment'
      ? 18 + 162 * rng.next() ** 2.2
      : type === 'house'
        ? 70 + 180 * rng.next() ** 1.3
        : 150 + 250 * rng.next() ** 1.2;
  return rng.chance(0.6) ? Math.round(raw) : round(raw, 2);
}

/** Rooms ("pièces") and bedrooms follow the surface; a studio (1 room) has no bedroom. */
function drawRooms(
  rng: Random,
  type: PropertyType,
  size: number,
): { rooms: number; bedrooms: number; bathrooms: number } {
  const jitter = rng.range(-0.5, 0.5);
  if (type === 'apartment') {
    // About 20 m² per room up to 100 m², then rooms get larger (a Paris 5 pièces is ~100 m², a 7 pièces ~180 m²).
    const rooms = clamp(Math.round((size <= 100 ? size / 20 : 5 + (size - 100) / 40) + jitter), 1, 7);
    return { rooms, bedrooms: clamp(rooms - 1, 0, 6), bathrooms: 1 + (size > 90 ? 1 : 0) + (size > 150 ? 1 : 0) };
  }
  const bedrooms =
    type === 'house' ? clamp(Math.round(size / 40 + jitter), 2, 6) : clamp(Math.round(size / 55 + jitter), 3, 6);
  const bathrooms = type === 'house' ? 1 + Math.floor(size / 90) : 2 + Math.floor((size - 150) / 100);
  return { rooms: bedrooms + 2, bedrooms, bathrooms: clamp(bathrooms, 1, 4) };
}

const TYPE_PREMIUM: Record<PropertyType, number> = { apartment: 1, house: 1.15, villa: 1.35 };

function salePrice(rng: Random, place: DemoPlace, type: PropertyType, size: number): number {
  let perM2 = place.pricePerM2 * rng.range(0.92, 1.08);
  if (type === 'apartment') perM2 = clamp(perM2, 9_000, 14_000);
  return Math.min(MAX_PRICE, Math.round((size * perM2 * TYPE_PREMIUM[type]) / 1000) * 1000);
}

function monthlyRent(rng: Random, place: DemoPlace, size: number, furnished: boolean): number {
  // 25 €/m² in the cheapest areas up to 40 €/m² in the dearest; small and furnished flats rent higher per m².
  let perM2 = 25 + (15 * (place.pricePerM2 - 9_000)) / 5_000 + rng.range(-2, 2);
  if (size < 30) perM2 *= 1.1;
  if (furnished) perM2 *= 1.08;
  perM2 = clamp(perM2, 25, 40);
  const degressive = size > 120 ? (120 / size) ** 0.35 : 1; // large houses do not rent linearly
  return clamp(Math.round((size * perM2 * degressive) / 10) * 10, 300, MAX_PRICE);
}

/** What the texts are written from, so that titles and descriptions never contradict the columns. */
interface Facts {
  type: PropertyType;
  isRental: boolean;
  furnished: boolean;
  size: number;
  rooms: number;
  bedrooms: number;
  bathrooms: number;
  level: number | null;
  features: Feature[];
  dpeRating: DpeRating | null;
  place: DemoPlace;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const joinFr = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`;
const surface = (size: number) => `${String(size).replace('.', ',')} m²`;
const NUMBER_WORDS = ['zéro', 'une', 'deux', 'trois', 'quatre', 'cinq', 'six'];
const countOf = (n: number, singular: string, plural: string) =>
  n === 1 ? `une ${singular}` : `${NUMBER_WORDS[n]} ${plural}`;

/** The feature a title boasts about, in order of appeal per type; a lift only matters from the 4th floor. */
const HIGHLIGHTS: Record<PropertyType, readonly Feature[]> = {
  apartment: ['terrace', 'balcony', 'elevator', 'parking', 'fireplace', 'cellar'],
  house: ['garden', 'terrace', 'garage', 'fireplace'],
  villa: ['pool', 'garden', 'terrace', 'garage'],
};

function withHighlight(f: Facts): string {
  const feature = HIGHLIGHTS[f.type].find((k) => f.features.includes(k) && (k !== 'elevator' || (f.level ?? 0) >= 4));
  return feature ? ` ${WITH_FEATURE[feature]}` : '';
}

/** Masculine/feminine adjective that suits the surface (no "spacieux" studio). */
function adjective(rng: Random, f: Facts): string {
  const small = ['spacieux', 'familial', 'traversant'];
  const pair = rng.pick(f.size < 35 ? ADJECTIVES.filter(([m]) => !small.includes(m)) : ADJECTIVES);
  return f.type === 'apartment' ? pair[0] : pair[1];
}

const roomsNoun = (f: Facts) => (f.rooms === 1 ? 'studio' : `${f.rooms} pièces`);
const floorPhrase = (level: number) =>
  level === 0
    ? 'en rez-de-chaussée'
    : level === 1
      ? 'au 1er étage'
      : level === 7
        ? 'au 7ème et dernier étage'
        : `au ${level}ème étage`;

function titleFor(rng: Random, f: Facts): string {
  const avec = withHighlight(f);
  const adj = adjective(rng, f);
  const spot = rng.pick(f.place.spots);
  const m2 = Math.round(f.size);
  if (f.type === 'apartment') {
    const meuble = f.furnished ? ' meublé' : '';
    const options = [
      () => (f.rooms === 1 ? `Studio${meuble} ${adj}${avec}` : `Appartement${meuble} ${adj} ${f.rooms} pièces${avec}`),
      () => `Beau ${roomsNoun(f)}${meuble} ${adj} ${spot}`,
      () => `${capitalise(roomsNoun(f))}${meuble} ${adj} ${floorPhrase(f.level ?? 0)}${avec}`,
      () =>
        f.furnished
          ? `Appartement meublé de ${m2} m²${avec}`
          : `Appartement ${rng.pick(BUILDING_STYLES)} de ${m2} m²${avec}`,
    ];
    return rng.pick(options)();
  }
  if (f.type === 'house') {
    return rng.pick([
      () => `Maison de ville${avec}`,
      () => `Maison ${adj} ${f.rooms} pièces${avec}`,
      () => `Maison d'architecte ${spot}`,
      () => `Maison familiale de ${m2} m²${avec}`,
      () => `Ancien atelier d'artiste transformé en maison${avec}`,
      () => `Maison ${adj} nichée dans une impasse pavée`,
    ])();
  }
  return rng.pick([
    () => `Villa d'architecte${avec}`,
    () => `Villa contemporaine ${f.rooms} pièces${avec}`,
    () => `Villa ${adj} ${spot}`,
    () => `Villa Art déco${avec}`,
    () => (f.features.includes('garden') ? `Villa de ${m2} m² avec jardin paysager` : `Villa de ${m2} m²${avec}`),
  ])();
}

function introSentence(rng: Random, f: Facts): string {
  const spot = rng.pick(f.place.spots);
  const adj = adjective(rng, f);
  const area = surface(f.size);
  if (f.type === 'apartment') {
    const level = f.level ?? 0;
    const storey = level === 0 ? 'rez-de-chaussée' : level === 1 ? '1er étage' : `${level}ème étage`;
    const lift = f.features.includes('elevator') ? ' avec ascenseur' : level >= 2 ? ' sans ascenseur' : '';
    const noun = roomsNoun(f);
    const ending = rng.pick([
      'offre une belle luminosité',
      ...(adj === 'rénové' ? [] : ['a été entièrement rénové']),
      `bénéficie d'une exposition ${rng.pick(['sud', 'sud-ouest', 'est', 'ouest'])}`,
      'offre une vue dégagée sur les toits',
    ]);
    return rng.pick([
      () =>
        `Situé au ${storey}${lift} d'un immeuble ${rng.pick(BUILDING_STYLES)} ${spot}, ce ${noun} de ${area} ${ending}.`,
      () => `${capitalise(spot)}, ce ${noun} ${adj} de ${area} ${ending}.`,
      () => `Au calme sur cour, ce ${noun} de ${area} ${ending}.`,
    ])();
  }
  if (f.type === 'house') {
    const where = f.place.city === 'Paris' ? 'à Paris' : 'si près de Paris';
    return rng.pick([
      () =>
        `Nichée au fond d'une impasse pavée ${spot}, cette maison de ${area} sur ${f.size < 120 ? 'deux' : 'trois'} niveaux offre un cadre rare ${where}.`,
      () => `Cette maison ${adj} de ${area} ${spot} allie le charme de l'ancien et le confort moderne.`,
      () => `Ancienne maison d'artisan entièrement réhabilitée ${spot} : ${area} habitables baignés de lumière.`,
    ])();
  }
  return rng.pick([
    () => `Cette villa ${adj} de ${area} ${spot} offre des prestations haut de gamme.`,
    () => `Rare : villa d'architecte de ${area} ${spot}, baignée de lumière grâce à ses grandes baies vitrées.`,
    () => `Au fond d'une voie privée arborée ${spot}, cette villa de ${area} offre calme et intimité.`,
  ])();
}

function layoutSentence(rng: Random, f: Facts): string {
  const lead = rng.pick([
    f.type === 'apartment' ? "L'appartement comprend" : f.type === 'house' ? 'La maison comprend' : 'La villa comprend',
    'On y trouve',
  ]);
  if (f.rooms === 1) return `${lead} une pièce de vie avec coin nuit, une kitchenette et une salle d'eau.`;
  const kitchen = f.features.includes('equipped_kitchen');
  const items = [
    rng.chance(0.6) ? 'une entrée' : "un hall d'entrée",
    kitchen
      ? 'un séjour avec cuisine ouverte équipée'
      : rng.pick(['un séjour lumineux', 'un double séjour', 'un salon-salle à manger']),
    ...(kitchen ? [] : ['une cuisine indépendante']),
    countOf(f.bedrooms, 'chambre', 'chambres'),
    countOf(f.bathrooms, rng.pick(['salle de bains', "salle d'eau"]), 'salles de bains'),
  ];
  return `${lead} ${joinFr(items)}.`;
}

function describeListing(rng: Random, f: Facts): string {
  const extras: string[] = [rng.pick(NEIGHBOURHOOD_SENTENCES), `Métro à ${rng.int(2, 8)} minutes à pied.`];
  if (f.features.length >= 2) {
    const listed = joinFr(f.features.map((k) => FEATURE_WITH_ARTICLE[k]));
    extras.push(rng.pick([`Vous apprécierez ${listed}.`, `Parmi les atouts du bien : ${listed}.`]));
  }
  const practical = f.isRental
    ? [
        'Disponible immédiatement, dossier complet exigé.',
        'Disponible le mois prochain ; garant ou Visale accepté.',
        ...(f.furnished ? ['Loué meublé et entièrement équipé : il suffit de poser ses valises.'] : []),
      ]
    : [
        'Aucuns travaux à prévoir.',
        'Bien rare, à visiter sans tarder.',
        ...(f.type === 'apartment' ? ['Copropriété bien entretenue, charges modérées.'] : []),
      ];
  extras.push(rng.pick(practical));
  if (f.dpeRating)
    extras.push(`Classe énergie ${f.dpeRating}${f.dpeRating <= 'B' ? ', pour des factures légères' : ''}.`);
  const sentences = [introSentence(rng, f), layoutSentence(rng, f), ...rng.shuffle(extras).slice(0, rng.int(0, 2))];
  // Two to four paragraphs: the first two sentences share one paragraph half the time, when there are more to come.
  const paragraphs =
    sentences.length > 2 && rng.chance(0.5) ? [`${sentences[0]} ${sentences[1]}`, ...sentences.slice(2)] : sentences;
  return paragraphs.join('\n');
}

function generateOne(seed: number, index: number, owners: readonly Owner[]): DemoListing {
  const rng = new Random(mixSeed(seed, index));
  const { latitude, longitude } = randomPoint(rng);
  const place = placeAt(latitude, longitude);
  const type = rng.weighted<PropertyType>([
    ['apartment', 75],
    ['house', 18],
    ['villa', 7],
  ]);
  const isRental = rng.chance(0.45);
  const furnished = isRental && type === 'apartment' && rng.chance(0.4);
  const size = drawSize(rng, type);
  const { rooms, bedrooms, bathrooms } = drawRooms(rng, type, size);
  const level = type === 'apartment' ? rng.weighted(FLOOR_WEIGHTS) : null;
  const features = drawFeatures(rng, type, level);
  const drawnDpe = rng.chance(0.05) ? null : rng.weighted(DPE_WEIGHTS);
  // Since 2025, G-rated homes may no longer be let under a new lease, so a G rental would not be believable.
  const dpeRating = isRental && drawnDpe === 'G' ? 'F' : drawnDpe;
  const price = isRental ? monthlyRent(rng, place, size, furnished) : salePrice(rng, place, type, size);
  const number = 1 + Math.floor(140 * rng.next() ** 1.5); // low street numbers are more frequent
  const address = `${number}${rng.chance(0.05) ? ' bis' : ''} ${rng.pick(place.streets)}`;
  const owner = rng.pick(owners);
  const facts = { type, isRental, furnished, size, rooms, bedrooms, bathrooms, level, features, dpeRating, place };
  const title = titleFor(rng, facts);
  const description = describeListing(rng, facts);
  // The legal mentions come from a stream of their own: the draws above stay those of earlier versions.
  const legal = drawLegal(new Random(mixSeed(seed, index, 0x1e9a1)), {
    advertiser: index < DEMO_OWNER_LISTINGS ? 'private' : 'professional',
    type,
    isRental,
    furnished,
    size,
    price,
    dpeRating,
    postalCode: place.postalCode,
    city: place.city,
    pricePerM2: place.pricePerM2,
  });
  return {
    ...legal,
    title,
    description,
    price: legal.price,
    isRental,
    size,
    rooms,
    bedrooms,
    bathrooms,
    floor: level === null ? null : floorLabel(level),
    address,
    city: place.city,
    postalCode: place.postalCode,
    latitude,
    longitude,
    type,
    dpeRating: legal.dpeRating,
    features,
    ownerName: owner.name,
    ownerEmail: owner.email,
    ownerPhone: owner.phone,
  };
}

/**
 * Generates `count` believable listings around central Paris; the same seed always yields the same listings,
 * and listing i does not depend on `count`, so a larger run extends a smaller one.
 */
export function generateDemoListings(count: number, seed = 42): DemoListing[] {
  const owners = ownerPool(seed);
  return Array.from({ length: Math.max(0, Math.floor(count)) }, (_, index) => generateOne(seed, index, owners));
}
