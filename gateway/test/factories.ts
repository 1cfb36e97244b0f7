import crypto from 'node:crypto';
import type { TProperty, TRegister } from '@flaneur/schema';
import sharp from 'sharp';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import type { TestGateway } from './gateway';
import { unique } from './gateway';

/** Registration fields of a new user; override what the test cares about. */
export function buildUser(
  overrides: Partial<TRegister> = {},
): TRegister & { password: string; username: string; email: string } {
  const username = overrides.username ?? unique('user');
  return {
    username,
    password: 'motdepasse-solide',
    email: `${username.toLowerCase()}@example.fr`,
    firstName: 'Camille',
    lastName: 'Durand',
    ...overrides,
  } as TRegister & { password: string; username: string; email: string };
}

/** Registers a user through REST and returns a signed-in agent with the created user. */
export async function signedInUser(gw: TestGateway, overrides: Partial<TRegister> = {}) {
  const fields = buildUser(overrides);
  const agent = gw.agent();
  const res = await agent.post('/api/register').send(fields);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = String(res.headers['set-cookie']?.[0] ?? '').split(';')[0];
  return {
    agent,
    user: res.body as { id: number; username: string; email: string },
    password: fields.password,
    /** The session cookie, for a websocket opened as this user. */
    cookie,
  };
}

export type Agent = request.Agent;

let png: Promise<Buffer> | undefined;
/** A small PNG (400×300: the smallest listing photos are 300 px a side), generated once per test file. */
export function smallPng(): Promise<Buffer> {
  png ??= sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
  return png;
}

let large: Promise<Buffer> | undefined;
/** A 1200×800 PNG: large enough for every stored width of a listing photo (400, 800 and its own). */
export function largePng(): Promise<Buffer> {
  large ??= sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 60, g: 110, b: 160 } } })
    .png()
    .toBuffer();
  return large;
}

/** Uploads the small PNG through POST /api/upload and returns its URL. */
export async function uploadedImage(agent: request.Agent): Promise<string> {
  const res = await agent.post('/api/upload').attach('images', await smallPng(), 'photo.png');
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.urls[0];
}

/**
 * A valid POST /api/properties body (and createProperty input) in a unique city, with the legal mentions a sale by
 * a private person needs (energy and climate classes, energy cost, advertiser). Its photo URL has the shape the
 * upload returns, without a stored file: pass `images: [await uploadedImage(agent)]` when the test reads the files.
 */
export function buildProperty(overrides: Partial<TProperty> = {}) {
  return {
    title: 'Appartement lumineux',
    description: 'Deux pièces au calme.\nProche du métro.',
    price: 350000,
    isRental: false,
    size: 45.5,
    bedrooms: 2,
    bathrooms: 1,
    floor: '3ème',
    address: '12 rue des Lilas',
    city: unique('Ville'),
    postalCode: '75011',
    latitude: 48.8566,
    longitude: 2.3522,
    type: 'apartment',
    dpeRating: 'C',
    gesRating: 'B',
    energyCostMin: 820,
    energyCostMax: 1150,
    energyPricesYear: 2023,
    advertiser: 'private',
    features: ['balcony', 'elevator'],
    images: [`/uploads/listings/${crypto.randomUUID()}.webp`],
    ownerName: 'Camille Durand',
    // A contact of its own: the same phone or e-mail on several accounts is a trust-shield signal.
    ...uniqueContact(),
    ...overrides,
  } satisfies TProperty;
}

/** A listing contact no other test uses: an e-mail and a French mobile number. */
export function uniqueContact() {
  const n = crypto.randomInt(0, 100_000_000);
  return { ownerEmail: `${unique('camille')}@example.fr`.toLowerCase(), ownerPhone: `06${String(n).padStart(8, '0')}` };
}

/**
 * A lawful rental in Paris 11e, a rent-control territory: all-in rent 1 250 € = base rent 1 100 € + charges 150 €,
 * below the majored reference rent; deposit one month of rent without charges.
 */
export function buildParisRental(overrides: Partial<TProperty> = {}) {
  return buildProperty({
    title: 'Deux-pièces à louer',
    isRental: true,
    price: 1250,
    city: 'Paris',
    postalCode: '75011',
    charges: 150,
    chargesMode: 'provision',
    deposit: 1100,
    furnished: false,
    baseRent: 1100,
    referenceRentMajored: 1180.8,
    ...overrides,
  });
}

/** A listing as the REST shim answers it (numeric columns as decimal strings). */
export interface PropertyJson {
  id: number;
  title: string;
  price: string;
  size: string;
  latitude: string;
  longitude: string;
  city: string;
  images: string[];
  ownerId: number | null;
  [key: string]: unknown;
}

/** Publishes a listing through POST /api/properties with the agent's session. */
export async function createProperty(agent: request.Agent, overrides: Partial<TProperty> = {}): Promise<PropertyJson> {
  const res = await agent.post('/api/properties').send(buildProperty(overrides));
  if (res.status !== 201) throw new Error(`create property failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Posts a GraphQL multipart request (graphql-upload): `files` maps variable paths such as "files.0" to bytes. */
export async function gqlUpload(
  agent: request.Agent,
  query: string,
  variables: Record<string, unknown>,
  files: Record<string, { data: Buffer; filename: string }>,
) {
  const paths = Object.keys(files);
  let req = agent
    .post('/graphql')
    .set('apollo-require-preflight', 'true')
    .field('operations', JSON.stringify({ query, variables }))
    .field('map', JSON.stringify(Object.fromEntries(paths.map((p, i) => [String(i), [`variables.${p}`]]))));
  paths.forEach((p, i) => (req = req.attach(String(i), files[p].data, files[p].filename)));
  const res = await req;
  return { status: res.status, data: res.body.data, errors: res.body.errors, body: res.body };
}

/** Inserts `count` accounts in one statement (volume tests; they cannot sign in). Answers their ids in order. */
export async function insertUsers(db: DataSource, count: number): Promise<number[]> {
  const prefix = unique('bulk');
  const rows: { id: number }[] = await db.query(
    `INSERT INTO users (username, password, email)
     SELECT $1 || g, 'not-a-hash', $1 || g || '@example.fr' FROM generate_series(1, $2::int) g
     RETURNING id`,
    [prefix, count],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Inserts `count` listings in one statement (volume tests), owned by `ownerIds[i]` when given, each at an address of
 * its own (two accounts at one address are one home, merged by the lists). Answers their ids.
 */
export async function insertProperties(
  db: DataSource,
  count: number,
  opts: { city?: string; ownerIds?: number[] } = {},
): Promise<number[]> {
  const rows: { id: number }[] = await db.query(
    `INSERT INTO properties (title, description, price, size, rooms, bedrooms, bathrooms, address, city, postal_code,
       latitude, longitude, images, owner_name, owner_email, owner_phone, owner_id)
     SELECT 'Annonce ' || g, 'Description', 100000 + g, 50, 3, 2, 1, g || ' rue de la Paix', $1, '75002',
       48.8686, 2.3314, ARRAY['/uploads/listings/bulk.webp'], 'Camille', 'camille@example.fr', '0600000000',
       ($2::int[])[g]
     FROM generate_series(1, $3::int) g
     RETURNING id`,
    [opts.city ?? unique('Ville'), opts.ownerIds ?? null, count],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
