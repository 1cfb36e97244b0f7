import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: what a webhook consumer would verify. */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A local webhook receiver: records every request and answers the status the test sets (200 by default). */
export interface WebhookReceiver {
  url: (path?: string) => string;
  received: () => ReceivedWebhook[];
  /** The status of the next answers (or of one path); a 3xx answers a redirect to `location`. */
  answer: (status: number, opts?: { location?: string }) => void;
  close: () => Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const got: ReceivedWebhook[] = [];
  let status = 200;
  let location: string | undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({
        path: req.url ?? '/',
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(status, location ? { location } : {});
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received: () => [...got],
    answer: (s, opts = {}) => {
      status = s;
      location = opts.location;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
