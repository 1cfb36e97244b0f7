import { captureLogger } from '../../../test/capture-logger';
import { useGateway } from '../../../test/gateway';
import { CLIENT_ERROR_LIMITS } from './client-errors.service';

const log = captureLogger('info');
const gw = useGateway({ logger: log.logger, env: { TRUST_PROXY: '1' } });

const reports = () =>
  log
    .text()
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'Client error reported');

let address = 0;
/** Each test reports from its own address, so the per-address budget of one does not touch another. */
const from = () => `198.51.100.${(address += 1)}`;

describe('POST /api/client-errors', () => {
  beforeEach(() => log.clear());

  it('should log the report at warn with the request id and answer 204', async () => {
    const res = await gw
      .agent()
      .post('/api/client-errors')
      .set('X-Forwarded-For', from())
      .send({ message: "Cannot read properties of undefined (reading 'viewedAt')", stack: 'at x', url: '/history' });

    expect(res.status).toBe(204);
    const [line] = reports();
    expect(line).toMatchObject({
      level: 40,
      msg: 'Client error reported',
      clientError: {
        message: "Cannot read properties of undefined (reading 'viewedAt')",
        stack: 'at x',
        url: '/history',
      },
    });
    expect(typeof line.requestId).toBe('string');
  });

  it('should refuse a body over 16 KB with 413 in French and log nothing', async () => {
    const res = await gw
      .agent()
      .post('/api/client-errors')
      .set('X-Forwarded-For', from())
      .send({ message: 'x', stack: 'y'.repeat(CLIENT_ERROR_LIMITS.maxBodyBytes), url: '/' });

    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: "Le rapport d'erreur est trop volumineux." });
    expect(reports()).toEqual([]);
  });

  it('should refuse a chunked body over 16 KB (no Content-Length) with the same 413', async () => {
    const req = gw
      .agent()
      .post('/api/client-errors')
      .set('X-Forwarded-For', from())
      .set('Content-Type', 'application/json')
      .set('Transfer-Encoding', 'chunked');
    const body = JSON.stringify({ message: 'x', stack: 'y'.repeat(69 * 1024), url: '/' });
    for (let i = 0; i < body.length; i += 4096) req.write(body.slice(i, i + 4096));
    const res = await req;
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: "Le rapport d'erreur est trop volumineux." });
    expect(reports()).toEqual([]);
  });

  it('should refuse a report without a message or url with 400 in French', async () => {
    const ip = from();
    const noMessage = await gw.agent().post('/api/client-errors').set('X-Forwarded-For', ip).send({ url: '/' });
    const badUrl = await gw
      .agent()
      .post('/api/client-errors')
      .set('X-Forwarded-For', ip)
      .send({ message: 'x', url: 3 });

    expect([noMessage.status, badUrl.status]).toEqual([400, 400]);
    expect(noMessage.body).toEqual({ message: "Le rapport d'erreur est invalide." });
  });

  it('should answer 429 past 20 reports a minute from one address', async () => {
    const ip = from();
    const send = () =>
      gw.agent().post('/api/client-errors').set('X-Forwarded-For', ip).send({ message: 'x', url: '/' });

    for (let i = 0; i < 20; i += 1) expect((await send()).status).toBe(204);
    const refused = await send();

    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
