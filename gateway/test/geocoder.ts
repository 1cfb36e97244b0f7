import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the test geocoder answers: BAN-shaped results, an error status, a page that is not JSON, or never. */
export type GeocoderMode = 'ok' | 'error' | 'garbage' | 'silent';

/** A local geocoder speaking the API of the French national address base (`GET /search?q=…&limit=…`). */
export interface TestGeocoder {
  url: string;
  /** The query strings received on /search, in order. */
  queries: () => URLSearchParams[];
  mode: (mode: GeocoderMode) => void;
  close: () => Promise<void>;
}

/** A feature as the address base answers it (GeoJSON: coordinates are [longitude, latitude]). */
export function banFeature(label: string, city: string, postcode: string, lon: number, lat: number, score: number) {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [lon, lat] },
    properties: {
      label,
      score,
      housenumber: '8',
      id: `${postcode}_x`,
      type: 'housenumber',
      name: label,
      postcode,
      city,
    },
  };
}

/**
 * Starts the geocoder on a free port of 127.0.0.1. In 'ok' mode it answers, for any query, the features `answer`
 * returns (by default two Amiens addresses), with a malformed feature among them that the gateway must skip.
 */
export async function startTestGeocoder(answer?: (q: string) => unknown[]): Promise<TestGeocoder> {
  const received: URLSearchParams[] = [];
  let mode: GeocoderMode = 'ok';
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/search' && url.pathname !== '/search/') {
      res.writeHead(404).end();
      return;
    }
    received.push(url.searchParams);
    if (mode === 'silent') return; // never answers: the gateway's timeout must cut it
    if (mode === 'error') {
      res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway');
      return;
    }
    if (mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      return;
    }
    const q = url.searchParams.get('q') ?? '';
    const features = answer
      ? answer(q)
      : [
          banFeature('8 Boulevard du Port 80000 Amiens', 'Amiens', '80000', 2.290084, 49.897443, 0.91),
          { type: 'Feature', geometry: { type: 'Point', coordinates: ['x'] }, properties: { label: 'cassé' } },
          banFeature('8 Boulevard du Port 44380 Pornichet', 'Pornichet', '44380', -2.30833, 47.26329, 0.52),
        ];
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        type: 'FeatureCollection',
        version: 'draft',
        features,
        attribution: 'BAN',
        licence: 'ETALAB-2.0',
        query: q,
        limit: Number(url.searchParams.get('limit') ?? 5),
      }),
    );
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    queries: () => [...received],
    mode: (m) => (mode = m),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
