import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Addresses the journeys' geocoder knows: a query containing `match` (lowercase) answers `label` at that point. */
export const E2E_ADDRESSES = [
  {
    match: 'rue des martyrs',
    label: '12 Rue des Martyrs 75009 Paris',
    city: 'Paris',
    postcode: '75009',
    latitude: 48.8784,
    longitude: 2.3405,
  },
  {
    match: 'paris',
    label: 'Paris',
    city: 'Paris',
    postcode: '75001',
    latitude: 48.8589,
    longitude: 2.347,
  },
] as const;

/** A query containing this (lowercase) gets a 502, as from an address service that is down. */
export const E2E_GEOCODER_OUTAGE = 'adresse en panne';

/** A local stand-in for the French national address base (`GET /search?q=…&limit=…`): the journeys need no Internet. */
export interface E2eGeocoder {
  url: string;
  close(): Promise<void>;
}

export async function startE2eGeocoder(): Promise<E2eGeocoder> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/search' && url.pathname !== '/search/') return void res.writeHead(404).end();
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    if (q.includes(E2E_GEOCODER_OUTAGE)) return void res.writeHead(502).end('Bad Gateway');
    const found = E2E_ADDRESSES.filter((a) => q.includes(a.match));
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        type: 'FeatureCollection',
        features: found.map((a) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [a.longitude, a.latitude] },
          properties: { label: a.label, city: a.city, postcode: a.postcode, score: 0.95 },
        })),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
