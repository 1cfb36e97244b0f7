import sharp from 'sharp';
import type request from 'supertest';
import { signedInUser, uniqueContact } from './factories';
import type { TestGateway } from './gateway';

/** A SIREN with a valid check digit. */
export const AGENCY_SIREN = '732829320';

/** A signed-in professional account (agency name, SIREN, carte T, a phone of its own). */
export async function agencyUser(gw: TestGateway, agencyName = 'Agence des Tests') {
  const signed = await signedInUser(gw);
  const res = await signed.agent.patch(`/api/users/${signed.user.id}`).send({
    agencyName,
    siren: AGENCY_SIREN,
    professionalCard: 'CPI 7501 2024 000 000 123',
    phone: uniqueContact().ownerPhone,
  });
  if (res.status !== 200) throw new Error(`agency profile failed: ${res.status} ${JSON.stringify(res.body)}`);
  return signed;
}

/** A 400×300 JPEG of one colour (distinct photos need distinct seeds). */
export function photoJpeg(seed: number): Promise<Buffer> {
  return sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: 90 } },
  })
    .jpeg()
    .toBuffer();
}

/** POST /api/feeds/imports with the ZIP in the field `feed`. */
export function uploadFeed(agent: request.Agent, zip: Buffer) {
  return agent.post('/api/feeds/imports').attach('feed', zip, 'flux.zip');
}

/** Uploads a feed, runs the queued jobs and answers the import's REST report. */
export async function importFeed(gw: TestGateway, agent: request.Agent, zip: Buffer) {
  const res = await uploadFeed(agent, zip);
  if (res.status !== 202) throw new Error(`feed upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  await gw.outbox.drain();
  const report = await agent.get(`/api/feeds/imports/${res.body.id}`);
  return report.body as FeedImportJson;
}

/** The REST shape of an import. */
export interface FeedImportJson {
  id: number;
  status: string;
  statusLabel: string;
  lines: number;
  counts: Record<'created' | 'updated' | 'unchanged' | 'withdrawn' | 'refused' | 'drafts', number>;
  error: string | null;
  report: { line: number | null; reference: string | null; field: string | null; message: string }[];
}
