import fs from 'node:fs';
import https from 'node:https';

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
