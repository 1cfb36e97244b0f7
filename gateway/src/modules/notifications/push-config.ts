import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { MSG } from '@flaneur/schema';
import webpush from 'web-push';
import { AppError } from '../../lib/errors';
import { hostAllowed, vapidKeyProblem } from '../../lib/push-env';

/*
 * Web Push settings: the VAPID identity of the gateway (RFC 8292) and the guard of push endpoints. The checks of the
 * environment (hosts, subject, keys) are in lib/push-env.ts, which config.ts uses too.
 */

/** The VAPID identity the gateway signs its pushes with. */
export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The configured VAPID keys, or (outside production) a pair generated once into DATA_DIR/vapid.json, so that the
 * browsers' subscriptions survive a restart. loadConfig has already refused a production start without them.
 */
export function resolveVapid(
  configured: { publicKey?: string; privateKey?: string; subject?: string },
  dataDir: string,
): Vapid {
  const subject = configured.subject ?? 'mailto:alertes@flaneur.localhost';
  if (configured.publicKey && configured.privateKey)
    return { publicKey: configured.publicKey, privateKey: configured.privateKey, subject };
  const file = path.join(dataDir, 'vapid.json');
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    if (!vapidKeyProblem(stored.publicKey, stored.privateKey)) return { ...stored, subject };
  }
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey }), { mode: 0o600 });
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject };
}

/** Where pushes may go: the configured push services, and loopback outside production (local test services). */
export interface EndpointPolicy {
  isProduction: boolean;
  hosts: readonly string[];
}

function isLoopback(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  return net.isIPv4(hostname) && hostname.startsWith('127.');
}

/**
 * The SSRF guard of push endpoints: the gateway posts to a URL a user gave, so only https: on a push service host
 * (default port, no credentials, no IP literal) is accepted, plus http(s) on loopback outside production. Anything
 * else (private or link-local addresses, other hosts, other schemes) is BAD_USER_INPUT. Checked when subscribing
 * and again before each delivery.
 */
export function checkPushEndpoint(endpoint: unknown, policy: EndpointPolicy): URL {
  const refuse = () =>
    new AppError('BAD_USER_INPUT', MSG.pushEndpointInvalid, { fields: { endpoint: MSG.pushEndpointInvalid } });
  if (typeof endpoint !== 'string' || endpoint.length > 1024) throw refuse();
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw refuse();
  }
  if (url.username || url.password) throw refuse();
  const hostname = url.hostname.toLowerCase();
  if (!policy.isProduction && (url.protocol === 'http:' || url.protocol === 'https:') && isLoopback(hostname))
    return url;
  // The URL parser has already dropped ":443" for https: any other port is explicit.
  if (url.protocol !== 'https:' || url.port !== '') throw refuse();
  if (net.isIP(hostname.replace(/^\[|\]$/g, '')) || !hostAllowed(hostname, policy.hosts)) throw refuse();
  return url;
}
