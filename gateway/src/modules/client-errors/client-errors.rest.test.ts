import express from 'express';
import request from 'supertest';
import { captureLogger } from '../../../test/capture-logger';
import { jsonBody } from '../../http/json-body';
import { requestLog } from '../../http/request-log';
import { CLIENT_ERROR_LIMITS, clientErrorsRouter } from './client-errors.rest';

/** The router as the gateway mounts it: under /api, after the JSON parser, with a request id. */
function app() {
  const log = captureLogger('info');
  const server = express();
  server.use((req, _res, next) => {
    req.requestId = 'req-42';
    next();
  });
  server.use(requestLog(log.logger));
  server.use('/api', jsonBody(), clientErrorsRouter());
  return { server, log };
}

const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'Client error reported');

describe('POST /api/client-errors', () => {
  it('should log the report at warn with the request id and answer 204', async () => {
    const { server, log } = app();

    const res = await request(server)
      .post('/api/client-errors')
      .send({ message: "Cannot read properties of undefined (reading 'viewedAt')", stack: 'at x', url: '/history' });

    expect(res.status).toBe(204);
    const [line] = lines(log.text());
    expect(line).toMatchObject({
      level: 40,
      requestId: 'req-42',
      msg: 'Client error reported',
      clientError: {
        message: "Cannot read properties of undefined (reading 'viewedAt')",
        stack: 'at x',
        url: '/history',
      },
    });
  });

  it('should refuse a body over 16 KB with 413 and log nothing', async () => {
    const { server, log } = app();

    const res = await request(server)
      .post('/api/client-errors')
      .send({ message: 'x', stack: 'y'.repeat(CLIENT_ERROR_LIMITS.maxBodyBytes), url: '/' });

    expect(res.status).toBe(413);
    expect(lines(log.text())).toEqual([]);
  });

  it('should refuse a report without a message or url with 400', async () => {
    const { server } = app();

    expect((await request(server).post('/api/client-errors').send({ url: '/' })).status).toBe(400);
    expect((await request(server).post('/api/client-errors').send({ message: 'x', url: 3 })).status).toBe(400);
  });

  it('should answer 429 past 20 reports a minute from one address', async () => {
    const { server } = app();
    const send = () => request(server).post('/api/client-errors').send({ message: 'x', url: '/' });

    for (let i = 0; i < CLIENT_ERROR_LIMITS.points; i += 1) expect((await send()).status).toBe(204);
    const refused = await send();

    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
