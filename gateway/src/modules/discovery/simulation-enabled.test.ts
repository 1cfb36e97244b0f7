import fs from 'node:fs';
import { loadConfig } from '../../config';
import { startGateway, useGateway, type TestGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';

/*
 * The web shows « Simuler une découverte » only where the server runs the simulation: simulationEnabled tells it,
 * publicly. In production only the web's own documents are answered, so the query goes by its persisted hash.
 */

const MANIFEST = loadConfig({ NODE_ENV: 'test' }).persistedDocumentsFile;
const [hashKey] = Object.entries(JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Record<string, string>).find(
  ([, text]) => /query SimulationEnabled\b/.test(text),
)!;
const HASH = hashKey.replace(/^sha256:/, '');

const gw = useGateway({ startOutbox: false });

/** The web's SimulationEnabled query, by hash, signed out. */
async function askByHash(g: TestGateway): Promise<boolean> {
  const res = await g
    .agent()
    .get('/graphql')
    .query({ extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: HASH } }) })
    .set('apollo-require-preflight', 'true');
  expect(res.status).toBe(200);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.simulationEnabled;
}

describe('simulationEnabled', () => {
  it('should answer true outside production, to anyone', async () => {
    expect((await gql(gw.agent(), '{ simulationEnabled }')).data).toEqual({ simulationEnabled: true });
    expect(await askByHash(gw)).toBe(true);
  });

  it('should answer false in production, and true there only with ENABLE_SIMULATION=true', async () => {
    const secret = { SESSION_SECRET: 'x'.repeat(40) };
    const off = await startGateway({ NODE_ENV: 'production', ...secret }, { startOutbox: false });
    try {
      expect(await askByHash(off)).toBe(false);
    } finally {
      await off.close();
    }
    const on = await startGateway(
      { NODE_ENV: 'production', ENABLE_SIMULATION: 'true', ...secret },
      { startOutbox: false },
    );
    try {
      expect(await askByHash(on)).toBe(true);
    } finally {
      await on.close();
    }
  });
});
