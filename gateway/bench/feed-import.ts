/**
 * npm run bench:feeds — an agency's feed imported by the production-mode gateway on a real PostgreSQL (not part of
 * CI's pass/fail).
 *
 * 1. **Stock**: a 5,000-line Poliris feed (lawful sales, coordinates given, so no geocoder call) whose lines all show
 *    the same photo (a line needs one; it is processed once and then found by its content hash): the import's wall
 *    time from the upload's 202 to « terminé », then the same feed again, unchanged: its time and the rows it wrote
 *    in `properties` (rows whose version changed, new or gone; expected 0). Peak RSS of the gateway process (VmHWM, reset
 *    before each import).
 * 2. **Photos**: 500 listings with 10 distinct 800×600 JPEGs each (5,000 photos through the image pipeline at its
 *    bounded concurrency) while a client reads `GET /api/properties/:id` at a steady rate (BENCH_READ_RATE per
 *    second, default 50, 4 connections): the import's time and the reads' p50 / p99 / max during it, against the
 *    same reads on the idle gateway just before.
 * The gateway, PostgreSQL and this script share the machine. BENCH_API_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/flaneur_bench_api; schema reset), BENCH_STOCK (default 5000),
 * BENCH_PHOTO_LISTINGS (default 500), BENCH_PHOTOS_EACH (default 10), BENCH_ONLY=stock|photos.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { polirisZip, saleLine, type PolirisLine } from '../src/modules/feeds/poliris-writer';
import { ensureDatabase, seedUsers, startChild, type BenchChild } from './api-setup';

const STOCK = Number(process.env.BENCH_STOCK ?? 5000);
const PHOTO_LISTINGS = Number(process.env.BENCH_PHOTO_LISTINGS ?? 500);
const PHOTOS_EACH = Number(process.env.BENCH_PHOTOS_EACH ?? 10);
const READ_RATE = Number(process.env.BENCH_READ_RATE ?? 50);
const ONLY = process.env.BENCH_ONLY;

const kib = (n: number) => `${Math.round(n / 1024)} KiB`;
const mib = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;

/** Peak resident memory of a process (kB), and its reset (the kernel's clear_refs 5). */
const peakRssKb = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const resetPeak = (pid: number) => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');

/**
 * A photo of its own, 800×600: a gradient and a block pattern shifted by the seed, about 16 KB in JPEG (5,000 of
 * them must fit the feed's 100 MB ZIP; real photos that large come as URLs). The pipeline's cost is per pixel.
 */
async function photo(seed: number): Promise<Buffer> {
  const width = 800;
  const height = 600;
  const raw = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    const px = p % width;
    const py = Math.floor(p / width);
    raw[p * 3] = (px + seed * 13) & 255;
    raw[p * 3 + 1] = (py * 0.3 + seed * 7) & 255;
    raw[p * 3 + 2] = ((px >> 3) ^ (py >> 3) ^ seed) & 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 75 })
    .toBuffer();
}

/** Steady reads of one listing until `stop()`; answers autocannon's result. */
function steadyReads(url: string, seconds: number) {
  let stop = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    const inst = autocannon({ url, connections: 4, overallRate: READ_RATE, duration: seconds }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
    stop = () => inst.stop();
  });
  return { done, stop: () => stop() };
}

async function api(gw: BenchChild, cookie: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`http://127.0.0.1:${gw.port}${path}`, {
    ...init,
    headers: { cookie, origin: 'http://127.0.0.1', ...(init.headers ?? {}) },
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

/** Uploads a feed and waits for its end; answers the seconds from the 202 to « terminé » and the import. */
async function importFeed(gw: BenchChild, cookie: string, zip: Buffer) {
  const form = new FormData();
  form.append('feed', new Blob([zip], { type: 'application/zip' }), 'flux.zip');
  const start = performance.now();
  const up = await api(gw, cookie, '/api/feeds/imports', { method: 'POST', body: form });
  if (up.status !== 202) throw new Error(`upload ${up.status} ${JSON.stringify(up.body)}`);
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    const got = await api(gw, cookie, `/api/feeds/imports/${String(up.body.id)}`);
    const status = got.body.status as string;
    if (status === 'done' || status === 'failed') return { seconds: (performance.now() - start) / 1000, got: got.body };
  }
}

const counts = (got: Record<string, unknown>) => got.counts as Record<string, number>;

const lineAt = (i: number, over: PolirisLine): PolirisLine =>
  saleLine(`B-${i}`, {
    latitude: 48.82 + (i % 100) * 0.0008,
    longitude: 2.3 + Math.floor(i / 100) * 0.0012,
    price: 300000 + (i % 50) * 1000,
    ...over,
  });

async function main() {
  const c = await ensureDatabase();
  const [agency] = await seedUsers(c, 1, 'agence');
  await c.query(
    `UPDATE users SET agency_name = 'Agence du Banc', siren = '732829320', professional_card = 'CPI 7501 2024 000 000 123',
       phone = '0142000001' WHERE id = $1`,
    [agency.id],
  );
  const gw = await startChild('gateway', { DATA_DIR: '/tmp/flaneur-bench-feeds' });
  const pid = gw.child.pid!;
  /** Each listing row's version (xmin changes with every write of the row, even with the same values). */
  const versions = async () => {
    const { rows } = await c.query<{ id: number; v: string }>(`SELECT id, xmin::text AS v FROM properties`);
    return new Map(rows.map((r) => [r.id, r.v]));
  };
  try {
    console.log(`machine load before: ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`);
    if (ONLY !== 'photos') {
      const one = await photo(1);
      const zip = polirisZip(
        Array.from({ length: STOCK }, (_, i) => lineAt(i, { photos: ['p.jpg'] })),
        { 'p.jpg': one },
      );
      console.log(`stock: ${STOCK} lines, ZIP ${kib(zip.length)}`);
      resetPeak(pid);
      const first = await importFeed(gw, agency.cookie, zip);
      console.log(
        `stock, first import: ${first.seconds.toFixed(1)} s (${first.got.status}, created ${counts(first.got).created}, refused ${counts(first.got).refused}), peak RSS ${mib(peakRssKb(pid))}`,
      );
      const before = await versions();
      resetPeak(pid);
      const again = await importFeed(gw, agency.cookie, zip);
      const after = await versions();
      const written = [...after].filter(([id, v]) => before.get(id) !== v).length + before.size - after.size;
      console.log(
        `stock, same feed again: ${again.seconds.toFixed(1)} s (unchanged ${counts(again.got).unchanged}), rows written in properties ${written}, peak RSS ${mib(peakRssKb(pid))}`,
      );
    }
    if (ONLY !== 'stock') {
      const photos: Record<string, Buffer> = {};
      const lines: PolirisLine[] = [];
      for (let i = 0; i < PHOTO_LISTINGS; i++) {
        const names: string[] = [];
        for (let k = 0; k < PHOTOS_EACH; k++) {
          const name = `f${i}-${k}.jpg`;
          photos[name] = await photo(10 + i * PHOTOS_EACH + k);
          names.push(name);
        }
        // References of their own: the stock above is withdrawn by this feed, as a whole stock replaced.
        lines.push(lineAt(i, { reference: `PH-${i}`, photos: names }));
      }
      const zip = polirisZip(lines, photos);
      console.log(`photos: ${PHOTO_LISTINGS} listings × ${PHOTOS_EACH} photos, ZIP ${kib(zip.length)}`);
      const { rows } = await c.query(`SELECT id FROM properties ORDER BY id LIMIT 1`);
      const readUrl = `http://127.0.0.1:${gw.port}/api/properties/${rows[0]?.id ?? 1}`;
      const idle = await steadyReads(readUrl, 10).done;
      console.log(
        `reads idle: p50 ${idle.latency.p50} ms, p99 ${idle.latency.p99} ms, max ${idle.latency.max} ms (${idle.requests.total} requests)`,
      );
      resetPeak(pid);
      const loading = steadyReads(readUrl, 3600);
      const imported = await importFeed(gw, agency.cookie, zip);
      loading.stop();
      const during = await loading.done;
      console.log(
        `photos import: ${imported.seconds.toFixed(1)} s (${imported.got.status}, created ${counts(imported.got).created}, refused ${counts(imported.got).refused}), peak RSS ${mib(peakRssKb(pid))}`,
      );
      console.log(
        `reads during it: p50 ${during.latency.p50} ms, p99 ${during.latency.p99} ms, max ${during.latency.max} ms (${during.requests.total} requests, non-2xx ${during.non2xx})`,
      );
    }
  } finally {
    await gw.stop();
    await c.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
