import 'fake-indexeddb/auto';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { fixDelivery, isRetryable, type FixReport } from './fix-delivery';
import { fixOutbox, OUTBOX_LIMITS, type OutboxFix } from './fix-outbox';

const NOW = Date.UTC(2025, 5, 1, 12);
const USER = '1';
let counter = 0;

/** A fix taken `minutesAgo` before NOW. */
function takenFix(minutesAgo: number): FixReport & { time: number } {
  const time = NOW - minutesAgo * 60_000;
  counter += 1;
  return {
    // Ids in the reverse order of time: the outbox must order by the fix time, not by its key.
    clientId: `00000000-0000-4000-8000-${String(1_000_000 - counter).padStart(12, '0')}`,
    latitude: 48.85,
    longitude: 2.35 + counter / 10_000,
    accuracy: 10,
    timestamp: new Date(time).toISOString(),
    time,
  };
}

const kept = (fix: FixReport & { time: number }, userId = USER): OutboxFix => ({ ...fix, userId });
const serverError = (status: number) =>
  new ServerError('échec', { response: new Response('', { status }), bodyText: '' });
const badInput = () =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message: 'Invalide', extensions: { code: 'BAD_USER_INPUT' } }] });

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
}

async function keptIds(): Promise<string[]> {
  return (await fixOutbox.oldest(OUTBOX_LIMITS.maxFixes, NOW)).map((fix) => fix.clientId);
}

describe('fix outbox and delivery', () => {
  const one = jest.fn<Promise<unknown>, [FixReport]>();
  const batch = jest.fn<Promise<unknown>, [FixReport[]]>();

  beforeEach(async () => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['setTimeout', 'setImmediate', 'queueMicrotask', 'nextTick'] });
    setOnline(true);
    one.mockReset().mockResolvedValue({ matched: true });
    batch.mockReset().mockResolvedValue({ stored: 1, duplicates: 0, discovered: 0 });
    fixDelivery.setSenders({ one, batch });
    await fixOutbox.clear();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('should send a live fix through reportLocation and keep nothing when it went', async () => {
    const fix = takenFix(0);

    await fixDelivery.deliver(fix, USER);

    const { time: _time, ...sent } = fix;
    expect(one).toHaveBeenCalledWith(sent);
    expect(await fixOutbox.count()).toBe(0);
  });

  it('should keep a fix taken offline, without trying to send it', async () => {
    setOnline(false);
    const fix = takenFix(0);

    await fixDelivery.deliver(fix, USER);

    expect(one).not.toHaveBeenCalled();
    expect(await keptIds()).toEqual([fix.clientId]);
  });

  it.each([
    ['a network error', new TypeError('Failed to fetch')],
    ['a 500', serverError(500)],
    ['a 503', serverError(503)],
    ['a 429', serverError(429)],
    [
      'a masked server error',
      new CombinedGraphQLErrors({
        data: null,
        errors: [{ message: 'x', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
      }),
    ],
  ])('should keep a live fix refused with %s', async (_label, error) => {
    one.mockRejectedValueOnce(error);
    const fix = takenFix(0);

    await fixDelivery.deliver(fix, USER);

    expect(await keptIds()).toEqual([fix.clientId]);
  });

  it.each([
    ['a 400', serverError(400)],
    ['BAD_USER_INPUT', badInput()],
    [
      'UNAUTHENTICATED',
      new CombinedGraphQLErrors({ data: null, errors: [{ message: 'x', extensions: { code: 'UNAUTHENTICATED' } }] }),
    ],
  ])('should drop, with a log, a live fix refused with %s', async (_label, error) => {
    one.mockRejectedValueOnce(error);

    await fixDelivery.deliver(takenFix(0), USER);

    expect(await fixOutbox.count()).toBe(0);
    expect(console.error).toHaveBeenCalledWith("Erreur lors de l'enregistrement de la position", error);
    expect(isRetryable(error)).toBe(false);
  });

  it('should replay the backlog oldest first, in batches of at most 500, then forget it', async () => {
    const fixes = Array.from({ length: 1_200 }, (_, i) => takenFix(1_200 - i));
    // Stored out of order: the replay follows the time of the fixes, not the order they were written.
    for (const fix of [...fixes].reverse()) await fixOutbox.keep(kept(fix), NOW);

    expect(await fixDelivery.flush(USER)).toBe(true);

    expect(batch.mock.calls.map(([sent]) => sent.length)).toEqual([500, 500, 200]);
    const sentIds = batch.mock.calls.flatMap(([sent]) => sent.map((fix) => fix.clientId));
    expect(sentIds).toEqual(fixes.map((fix) => fix.clientId));
    expect(batch.mock.calls[0][0][0]).toEqual({
      clientId: fixes[0].clientId,
      latitude: fixes[0].latitude,
      longitude: fixes[0].longitude,
      accuracy: 10,
      timestamp: fixes[0].timestamp,
    });
    expect(await fixOutbox.count()).toBe(0);
  });

  it('should remove kept fixes only once the server has answered, duplicates included', async () => {
    const fixes = [takenFix(3), takenFix(2)];
    for (const fix of fixes) await fixOutbox.keep(kept(fix), NOW);
    let answer: (value: unknown) => void = () => undefined;
    batch.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));

    const flushing = fixDelivery.flush(USER);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(batch).toHaveBeenCalledTimes(1);
    expect(await fixOutbox.count()).toBe(2);

    answer({ stored: 0, duplicates: 2, discovered: 0 });
    await flushing;
    expect(await fixOutbox.count()).toBe(0);
  });

  it.each([
    ['a 503', serverError(503)],
    ['a 429', serverError(429)],
    ['a network error', new TypeError('Failed to fetch')],
  ])('should keep the backlog when the replay meets %s, and send it later', async (_label, error) => {
    const fix = takenFix(5);
    await fixOutbox.keep(kept(fix), NOW);
    batch.mockRejectedValueOnce(error);

    expect(await fixDelivery.flush(USER)).toBe(false);
    expect(await keptIds()).toEqual([fix.clientId]);

    expect(await fixDelivery.flush(USER)).toBe(true);
    expect(batch).toHaveBeenCalledTimes(2);
    expect(await fixOutbox.count()).toBe(0);
  });

  it('should drop, with a log, a batch the server refuses as bad input, and not retry it', async () => {
    await fixOutbox.keep(kept(takenFix(5)), NOW);
    batch.mockRejectedValueOnce(badInput());

    expect(await fixDelivery.flush(USER)).toBe(true);
    await fixDelivery.flush(USER);

    expect(batch).toHaveBeenCalledTimes(1);
    expect(await fixOutbox.count()).toBe(0);
    expect(console.error).toHaveBeenCalledWith('Positions refusées par le serveur, abandonnées', 1, expect.any(Error));
  });

  it('should send the backlog before the next live fix, so the server sees them in order', async () => {
    const old = takenFix(10);
    await fixOutbox.keep(kept(old), NOW);
    const order: string[] = [];
    batch.mockImplementation(async (sent) => order.push(...sent.map((fix) => fix.clientId)));
    one.mockImplementation(async (fix) => order.push(fix.clientId));
    const live = takenFix(0);

    await fixDelivery.deliver(live, USER);

    expect(order).toEqual([old.clientId, live.clientId]);
  });

  it('should keep the live fix behind a backlog that cannot go yet', async () => {
    const old = takenFix(10);
    await fixOutbox.keep(kept(old), NOW);
    batch.mockRejectedValueOnce(serverError(503));
    const live = takenFix(0);

    await fixDelivery.deliver(live, USER);

    expect(one).not.toHaveBeenCalled();
    expect(await keptIds()).toEqual([old.clientId, live.clientId]);
  });

  it('should keep at most 2,000 fixes, dropping the oldest first', async () => {
    // One a second: all of them within the day.
    const fixes = Array.from({ length: OUTBOX_LIMITS.maxFixes + 3 }, (_, i) => takenFix((2_003 - i) / 60));
    for (const fix of fixes) await fixOutbox.keep(kept(fix), NOW);

    const ids = await keptIds();
    expect(ids).toHaveLength(2_000);
    expect(ids[0]).toBe(fixes[3].clientId);
    expect(ids.at(-1)).toBe(fixes.at(-1)?.clientId);
  }, 30_000); // 2,003 IndexedDB writes: room on a busy machine (a timeout, not a timing assertion)

  it('should drop fixes older than 24 hours', async () => {
    const stale = takenFix(24 * 60 + 1);
    const recent = takenFix(24 * 60 - 1);
    await fixOutbox.keep(kept(stale), NOW - 2 * 60 * 60_000);
    await fixOutbox.keep(kept(recent), NOW - 2 * 60 * 60_000);

    await fixDelivery.flush(USER);

    expect(batch).toHaveBeenCalledWith([expect.objectContaining({ clientId: recent.clientId })]);
  });

  it("should never send another account's kept fixes, and forget them", async () => {
    const theirs = takenFix(5);
    const mine = takenFix(4);
    await fixOutbox.keep(kept(theirs, '2'), NOW);
    await fixOutbox.keep(kept(mine), NOW);

    await fixDelivery.flush(USER);

    expect(batch).toHaveBeenCalledTimes(1);
    expect(batch).toHaveBeenCalledWith([expect.objectContaining({ clientId: mine.clientId })]);
    expect(await fixOutbox.count()).toBe(0);
  });

  it('should forget every kept fix when cleared (sign-out)', async () => {
    await fixOutbox.keep(kept(takenFix(5)), NOW);

    await fixDelivery.clear();

    expect(await fixOutbox.count()).toBe(0);
  });
});
