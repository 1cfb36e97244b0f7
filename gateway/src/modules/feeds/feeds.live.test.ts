import { signedInUser } from '../../../test/factories';
import { agencyUser, photoJpeg, uploadFeed } from '../../../test/feeds';
import { unique, useGateway } from '../../../test/gateway';
import { collect, waitFor } from '../../../test/subscribe';
import { wsClient } from '../../../test/ws';
import { polirisZip, saleLine } from './poliris-writer';

/* The « Flux d'annonces » screen follows an import live: feedImportChanged over the websocket, to its agency only. */

const gw = useGateway({ listen: true, startOutbox: false });

const CHANGED = `subscription { feedImportChanged { id status statusLabel lines created refused } }`;

describe('feedImportChanged', () => {
  it('should tell the agency as its import starts, moves every 25 lines and ends, and no one else', async () => {
    const agency = await agencyUser(gw);
    const other = await signedInUser(gw);
    const clients = [agency, other].map((u) => wsClient(gw.port, { cookie: u.cookie, lazy: false }));
    try {
      const [mine, theirs] = clients.map((c) => collect(c, CHANGED));
      await Promise.all([mine.ready, theirs.ready]);
      await new Promise((r) => setTimeout(r, 100));

      const city = unique('Rennes');
      const lines = Array.from({ length: 30 }, (_, i) =>
        saleLine(`L-${i}`, { city, latitude: 48.1 + i / 1000, longitude: -1.68, photos: ['p.jpg'] }),
      );
      const res = await uploadFeed(agency.agent, polirisZip(lines, { 'p.jpg': await photoJpeg(21) }));
      expect(res.status).toBe(202);
      await gw.outbox.drain();

      const id = String(res.body.id);
      expect(await waitFor(() => mine.events.some((e) => e.feedImportChanged.status === 'done'), 5000)).toBe(true);
      const seen = mine.events.map((e) => e.feedImportChanged);
      expect(seen.every((e) => e.id === id)).toBe(true);
      expect(seen.map((e) => [e.status, e.statusLabel, e.lines])).toEqual([
        ['running', 'en cours', 0],
        ['running', 'en cours', 25],
        ['done', 'terminé', 30],
      ]);
      expect(seen[2]).toMatchObject({ created: 30, refused: 0 });
      await new Promise((r) => setTimeout(r, 200));
      expect(theirs.events).toEqual([]);
      expect(mine.errors).toEqual([]);
    } finally {
      await Promise.all(clients.map((c) => c.dispose()));
    }
  });

  it('should refuse a visitor', async () => {
    const client = wsClient(gw.port, { lazy: false });
    try {
      const sub = collect(client, CHANGED);
      expect(await waitFor(() => sub.errors.length > 0, 3000)).toBe(true);
      expect(sub.events).toEqual([]);
    } finally {
      await client.dispose();
    }
  });
});
