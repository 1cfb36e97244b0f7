import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Writable } from 'node:stream';

/*
 * Requests to URLs that users gave us (integrators' webhooks): the SSRF guard. Only public addresses are reached;
 * outside production, loopback too (receivers run on the test machine). The check is made on the address the
 * connection actually uses (the DNS answer at send time, not at registration), and redirects are never followed.
 */

const NON_PUBLIC = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NON_PUBLIC.addSubnet(net4, prefix, 'ipv4');
// IPv6: global unicast only (2000::/3), less the special ranges inside it: IETF protocol assignments with Teredo
// (2001::/23), documentation (2001:db8::/32, 3fff::/20) and 6to4 (2002::/16, which embeds any IPv4 address). What
// lies outside 2000::/3 is never public: unspecified, loopback, IPv4-compatible (::/96) and -mapped, NAT64
// (64:ff9b::/96, 64:ff9b:1::/48), discard, unique local, site-local (fec0::/10), link-local, multicast.
const GLOBAL_UNICAST6 = new net.BlockList();
GLOBAL_UNICAST6.addSubnet('2000::', 3, 'ipv6');
for (const [net6, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const)
  NON_PUBLIC.addSubnet(net6, prefix, 'ipv6');

/** Whether an address is on the public internet (not private, loopback, link-local, reserved or multicast). */
export function isPublicAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 0) return false;
  if (family === 4) return !NON_PUBLIC.check(ip, 'ipv4');
  return GLOBAL_UNICAST6.check(ip, 'ipv6') && !NON_PUBLIC.check(ip, 'ipv6');
}

function isLoopbackAddress(ip: string): boolean {
  return (net.isIPv4(ip) && ip.startsWith('127.')) || ip === '::1';
}

/** Where requests may go: public addresses; loopback too outside production. */
export interface OutboundPolicy {
  isProduction: boolean;
}

/** Whether a resolved address may be connected to under the policy. */
export function addressAllowed(ip: string, policy: OutboundPolicy): boolean {
  return isPublicAddress(ip) || (!policy.isProduction && isLoopbackAddress(ip));
}

/**
 * Checks a receiver URL before it is stored and again before each request: http(s) only, https in production
 * (http is accepted on loopback outside production), no credentials, an IP literal only if public (or loopback
 * outside production). Answers the parsed URL, or null when refused.
 */
export function checkOutboundUrl(value: unknown, policy: OutboundPolicy): URL | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const loopbackHost = host === 'localhost' || isLoopbackAddress(host);
  if (url.protocol === 'http:') {
    if (policy.isProduction || !loopbackHost) return null;
  } else if (url.protocol !== 'https:') return null;
  if (net.isIP(host) && !addressAllowed(host, policy)) return null;
  if (host === 'localhost' && policy.isProduction) return null;
  return url;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that resolves the host and refuses the connection when any of its addresses is
 * not allowed: the check applies to the address used, so a name re-pointed after registration (DNS rebinding) is
 * caught.
 */
export function guardedLookup(
  policy: OutboundPolicy,
  resolve: typeof dns.lookup = dns.lookup,
): (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => void {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as unknown as dns.LookupAddress[];
      const refused = list.find((a) => !addressAllowed(a.address, policy));
      if (!list.length || refused) {
        const e: NodeJS.ErrnoException = new Error(`address not allowed: ${refused?.address ?? 'none'}`);
        e.code = 'EADDRNOTALLOWED';
        return callback(e, []);
      }
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

/** What a receiver answered: its status (redirects included, never followed). */
export interface OutboundResult {
  status: number;
}

/**
 * POSTs a JSON body to a URL checked with checkOutboundUrl, connecting only to allowed addresses, within
 * `timeoutMs` overall. The response body is read and dropped (at most 64 KB). Rejects on a refused address, a
 * network error or the timeout.
 */
export function postJson(
  url: URL,
  body: string,
  headers: Record<string, string>,
  opts: { policy: OutboundPolicy; timeoutMs: number },
): Promise<OutboundResult> {
  return new Promise((resolve, reject) => {
    // An IP literal is connected to without a lookup: it is checked here, as guardedLookup checks a name's addresses.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(literal) && !addressAllowed(literal, opts.policy)) {
      const e: NodeJS.ErrnoException = new Error(`address not allowed: ${literal}`);
      e.code = 'EADDRNOTALLOWED';
      return reject(e);
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Flaneur-Webhooks/1.0',
        },
        lookup: guardedLookup(opts.policy) as unknown as typeof dns.lookup,
        timeout: opts.timeoutMs,
        agent: false,
      },
      (res) => {
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > 64 * 1024) res.destroy();
        });
        res.on('close', () => {
          clearTimeout(overall);
          resolve({ status: res.statusCode ?? 0 });
        });
        res.on('error', () => undefined);
      },
    );
    const overall = setTimeout(() => req.destroy(new Error('timeout')), opts.timeoutMs);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => {
      clearTimeout(overall);
      reject(err);
    });
    req.end(body);
  });
}

/** Why a download was refused: a redirect (never followed), a status other than 200, over the size, too slow. */
export class DownloadError extends Error {
  constructor(
    readonly kind: 'redirect' | 'status' | 'tooLarge' | 'timeout' | 'address' | 'network',
    readonly status = 0,
  ) {
    super(kind);
  }
}

export interface DownloadOptions {
  policy: OutboundPolicy;
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  /** The Accept header (default application/octet-stream). */
  accept?: string;
}

/** downloadTo into memory, for bounded files (a feed's ZIP, a photo): answers the bytes. */
export async function downloadBuffer(url: URL, opts: DownloadOptions): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      done();
    },
  });
  await downloadTo(url, sink, opts);
  return Buffer.concat(chunks);
}

/**
 * GETs a URL checked with checkOutboundUrl into a writable stream, connecting only to allowed addresses: the
 * answer must be 200 (a redirect is refused, never followed), at most `maxBytes` (the declared length and the
 * bytes actually read), within `timeoutMs` overall. Answers the bytes written; rejects with a DownloadError.
 */
export function downloadTo(url: URL, out: NodeJS.WritableStream, opts: DownloadOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(literal) && !addressAllowed(literal, opts.policy)) return reject(new DownloadError('address'));
    let settled = false;
    const fail = (e: DownloadError) => {
      if (settled) return;
      settled = true;
      clearTimeout(overall);
      req.destroy();
      reject(e);
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        headers: { 'user-agent': opts.userAgent, accept: opts.accept ?? 'application/octet-stream' },
        lookup: guardedLookup(opts.policy) as unknown as typeof dns.lookup,
        timeout: opts.timeoutMs,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) return fail(new DownloadError('redirect', status));
        if (status !== 200) return fail(new DownloadError('status', status));
        if (Number(res.headers['content-length'] ?? 0) > opts.maxBytes) return fail(new DownloadError('tooLarge'));
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) return fail(new DownloadError('tooLarge'));
          if (!out.write(chunk)) {
            res.pause();
            out.once('drain', () => res.resume());
          }
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(overall);
          out.end(() => resolve(size));
        });
        res.on('error', () => fail(new DownloadError('network')));
      },
    );
    const overall = setTimeout(() => fail(new DownloadError('timeout')), opts.timeoutMs);
    req.on('timeout', () => fail(new DownloadError('timeout')));
    req.on('error', (err: NodeJS.ErrnoException) =>
      fail(new DownloadError(err.code === 'EADDRNOTALLOWED' ? 'address' : 'network')),
    );
    req.end();
  });
}
