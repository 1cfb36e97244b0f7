import { startGateway, unique, useGateway, type TestGateway } from '../../test/gateway';
import { DropJob, Outbox, RetryJob } from './outbox';

/*
 * The durable outbox on the test database: workers built on two gateways' connections (two instances), each test on
 * a queue of its own. The gateways' own workers run other queues.
 */

const gw = useGateway({ startOutbox: false });
let other: TestGateway;
beforeAll(async () => {
  other = await startGateway({}, { startOutbox: false });
});
afterAll(() => other.close());

const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;
const workers: Outbox[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

function worker(queue: string, db = gw.db, opts: { leaseS?: number; pollMs?: number } = {}): Outbox {
  const w = new Outbox({ db, logger: silent, queue, pollMs: opts.pollMs ?? 50, leaseS: opts.leaseS });
  workers.push(w);
  return w;
}

const rows = (queue: string) =>
  gw.db.query(
    `SELECT id, attempts, last_error, dead_at, extract(epoch FROM run_at - now())::float8 AS due_in
     FROM outbox_jobs WHERE queue = $1`,
    [queue],
  ) as Promise<{ id: string; attempts: number; last_error: string | null; dead_at: Date | null; due_in: number }[]>;

async function until(predicate: () => boolean | Promise<boolean>, ms = 8000) {
  const start = Date.now();
  while (!(await predicate())) {
    if (Date.now() - start > ms) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

it('should run each job exactly once with two instances sharing a queue', async () => {
  const queue = unique('ob-');
  const ran: { n: number; by: string }[] = [];
  const a = worker(queue, gw.db);
  const b = worker(queue, other.db);
  for (const [w, name] of [
    [a, 'a'],
    [b, 'b'],
  ] as const)
    w.register<{ n: number }>('count', async ({ n }) => {
      await new Promise((r) => setTimeout(r, 5));
      ran.push({ n, by: name });
    });
  for (let n = 0; n < 40; n++) await a.enqueue(gw.db, 'count', { n });
  a.start();
  b.start();
  expect(await until(() => ran.length >= 40)).toBe(true);
  expect(await until(async () => (await rows(queue)).length === 0)).toBe(true);
  await new Promise((r) => setTimeout(r, 200));
  expect(ran.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i));
});

it('should retry after RetryJob with the exponential backoff, or the delay the handler asks for', async () => {
  const queue = unique('ob-');
  const w = worker(queue);
  let calls = 0;
  w.register('flaky', async () => {
    calls += 1;
    if (calls === 1) throw new RetryJob('service unavailable');
    if (calls === 2) throw new RetryJob('slow down', 5_000);
  });
  await w.add('flaky', {});
  expect(await w.drain()).toBe(1);
  let [row] = await rows(queue);
  expect(row).toMatchObject({ attempts: 1, last_error: 'service unavailable', dead_at: null });
  // First backoff: 1 s ± 20 %.
  expect(row.due_in).toBeGreaterThan(0.6);
  expect(row.due_in).toBeLessThan(1.3);
  expect(await w.drain()).toBe(0);
  await new Promise((r) => setTimeout(r, 1300));
  expect(await w.drain()).toBe(1);
  [row] = await rows(queue);
  expect(row).toMatchObject({ attempts: 2, last_error: 'slow down' });
  expect(row.due_in).toBeGreaterThan(4.5);
  expect(row.due_in).toBeLessThanOrEqual(5);
  await gw.db.query(`UPDATE outbox_jobs SET run_at = now() WHERE queue = $1`, [queue]);
  expect(await w.drain()).toBe(1);
  expect(calls).toBe(3);
  expect(await rows(queue)).toEqual([]);
});

it('should keep a job that threw DropJob as dead, never run again', async () => {
  const queue = unique('ob-');
  const w = worker(queue);
  let calls = 0;
  w.register('doomed', async () => {
    calls += 1;
    throw new DropJob('gone for good');
  });
  await w.add('doomed', {});
  await w.drain();
  const [row] = await rows(queue);
  expect(row).toMatchObject({ attempts: 1, last_error: 'gone for good', dead_at: expect.any(Date) });
  await gw.db.query(`UPDATE outbox_jobs SET run_at = now() - interval '1 hour' WHERE queue = $1`, [queue]);
  expect(await w.drain()).toBe(0);
  expect(calls).toBe(1);
});

it('should let another instance claim a job whose lease ended (an instance that died mid-job)', async () => {
  const queue = unique('ob-');
  const dying = worker(queue, gw.db, { leaseS: 1 });
  const survivor = worker(queue, other.db, { leaseS: 1 });
  const seen: number[] = [];
  // The first instance never finishes (as if it had died holding the job).
  dying.register('job', (_p, job) => {
    seen.push(job.attempt);
    return new Promise<void>(() => {});
  });
  survivor.register('job', async (_p, job) => {
    seen.push(job.attempt);
  });
  await dying.add('job', {});
  void dying.drain();
  expect(await until(() => seen.length === 1)).toBe(true);
  // Within the lease, nobody else runs it.
  expect(await survivor.drain()).toBe(0);
  await new Promise((r) => setTimeout(r, 1100));
  expect(await survivor.drain()).toBe(1);
  expect(seen).toEqual([1, 2]);
  expect(await rows(queue)).toEqual([]);
  // The hung worker is left as is (its promise never settles).
  workers.splice(workers.indexOf(dying), 1);
});
