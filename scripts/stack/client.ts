import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';

/**
 * One of the web's subscriptions as the web sends it over the websocket: its text and its hash (in production a socket
 * without an access token runs only the web's documents).
 */
export function webSubscription(name: string): { query: string; extensions: Record<string, unknown> } {
  const file = path.join(__dirname, '../../web/src/gql/persisted-documents.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  const found = Object.entries(manifest).find(([, text]) => text.includes(`subscription ${name} `));
  if (!found) throw new Error(`no web subscription ${name}`);
  const sha256Hash = found[0].replace(/^sha256:/, '');
  return { query: found[1], extensions: { persistedQuery: { version: 1, sha256Hash } } };
}

/** An answer as a client saw it: status 0 when the request failed without an HTTP answer. */
export interface Answer {
  status: number;
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

/** HTTPS client of the stack, trusting its self-signed certificate; each instance keeps one session cookie. */
export class StackClient {
  cookie?: string;
  private readonly agent: https.Agent;
  constructor(
    private readonly port: number,
    ca: string,
  ) {
    this.agent = new https.Agent({ ca: fs.readFileSync(ca), keepAlive: true, maxSockets: 4 });
  }

  request(
    method: string,
    path: string,
    body?: unknown,
    opts: { headers?: Record<string, string>; raw?: boolean; contentType?: string } = {},
  ): Promise<Answer> {
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    return new Promise((resolve) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          servername: 'localhost',
          port: this.port,
          method,
          path,
          agent: this.agent,
          timeout: 20_000,
          headers: {
            host: `localhost:${this.port}`,
            ...(payload
              ? { 'content-type': opts.contentType ?? 'application/json', 'content-length': String(payload.length) }
              : {}),
            ...(this.cookie ? { cookie: this.cookie } : {}),
            ...opts.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const setCookie = res.headers['set-cookie']?.find((c) => c.startsWith('flaneur.sid='));
            if (setCookie) this.cookie = setCookie.split(';')[0];
            const raw = Buffer.concat(chunks);
            let parsed: unknown = raw;
            if (!opts.raw && /json/.test(String(res.headers['content-type'])))
              parsed = raw.length ? JSON.parse(raw.toString()) : null;
            resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers });
          });
          res.on('error', () => resolve({ status: 0, body: null, headers: {} }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve({ status: 0, body: null, headers: {} }));
      if (payload) req.write(payload);
      req.end();
    });
  }

  close() {
    this.agent.destroy();
  }
}

/** A client of the stack signed in as the account it registered. */
export type Registered = StackClient & { id: number };

/**
 * Registers account `n` straight on a gateway (the stack's gateways in turn), as if from an address of its own behind
 * the proxy (`<subnet>.<n / 256>.<n % 256>` in X-Forwarded-For, trusted with TRUST_PROXY=1): registrations are
 * throttled per address, and dozens of accounts from one address would be refused. The client it returns keeps the
 * session and talks to the stack through nginx.
 */
export async function register(
  stack: { port: number; gateways: { port: number }[] },
  ca: string,
  n: number,
  who: { prefix: string; subnet: string },
): Promise<Registered> {
  const g = stack.gateways[n % stack.gateways.length];
  const name = `${who.prefix}${n}${crypto.randomBytes(3).toString('hex')}`;
  const res = await fetch(`http://127.0.0.1:${g.port}/api/register`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `${who.subnet}.${n >> 8}.${n & 255}`,
      'x-forwarded-proto': 'https',
    },
    body: JSON.stringify({
      username: name,
      email: `${name}@example.fr`,
      password: 'flaneur-stack-42',
      firstName: 'Camille',
      lastName: 'Martin',
    }),
  });
  if (res.status !== 201) throw new Error(`register ${n}: ${res.status} ${await res.text()}`);
  const c = new StackClient(stack.port, ca) as Registered;
  c.cookie = res.headers
    .getSetCookie()
    .find((v) => v.startsWith('flaneur.sid='))!
    .split(';')[0];
  c.id = ((await res.json()) as { id: number }).id;
  return c;
}
