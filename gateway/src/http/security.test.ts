import { startGateway, TestGateway } from '../../test/gateway';

/** The CSP directives of an answer, by name. */
function directives(header: string): Record<string, string[]> {
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

async function cspOf(env: Record<string, string>) {
  let gw: TestGateway | undefined;
  try {
    gw = await startGateway(env);
    const res = await gw.agent().get('/api/geocode').query({ q: '' });
    return directives(res.headers['content-security-policy']);
  } finally {
    await gw?.close();
  }
}

describe('the CSP follows the configured map renderer', () => {
  it('should allow the raster tile host of TILE_URL and no Mapbox host without a Mapbox token', async () => {
    const csp = await cspOf({ TILE_URL: 'https://tiles.example.fr/{z}/{x}/{y}.png' });

    expect(csp['connect-src']).toContain('https://tiles.example.fr');
    expect(csp['img-src']).toContain('https://tiles.example.fr');
    expect(Object.values(csp).flat().join(' ')).not.toMatch(/mapbox/);
    expect(csp['child-src']).toBeUndefined();
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
  });

  it('should allow Mapbox (api, events, tiles; blob: workers) and not the raster tile host with MAPBOX_ACCESS_TOKEN', async () => {
    const csp = await cspOf({
      TILE_URL: 'https://tiles.example.fr/{z}/{x}/{y}.png',
      MAPBOX_ACCESS_TOKEN: 'pk.test-token',
    });

    expect(csp['connect-src']).toEqual(
      expect.arrayContaining(['https://api.mapbox.com', 'https://events.mapbox.com', 'https://*.tiles.mapbox.com']),
    );
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(csp['child-src']).toEqual(['blob:']);
    expect(csp['img-src']).toEqual(expect.arrayContaining(['data:', 'blob:']));
    expect(Object.values(csp).flat()).not.toContain('https://tiles.example.fr');
    // Scripts stay the app's own: no Mapbox script host, no wasm or eval.
    expect(csp['script-src'].join(' ')).not.toMatch(/mapbox|wasm|eval/);
  });
});
