import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { MSG } from '@flaneur/schema';
import webpush from 'web-push';
import { AppError } from '../../lib/errors';

/*
 * Web Push settings: the VAPID identity of the gateway (RFC 8292) and the hosts a push endpoint may name. Kept free
 * of the gateway's config so that config.ts can validate the environment with these same functions.
 */

/**
 * The push services of the browsers: Chrome/Android (FCM), Firefox (Mozilla autopush), Safari/iOS (Apple asks to
 * allow *.push.apple.com), Edge (WNS, wns2-xxx.notify.windows.com).
 */
export const PUSH_ENDPOINT_HOSTS_DEFAULT =
  'fcm.googleapis.com,updates.push.services.mozilla.com,push.services.mozilla.com,*.push.apple.com,*.notify.windows.com';

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * Reads PUSH_ENDPOINT_HOSTS: host names, or `*.suffix` for every subdomain of suffix (not the suffix itself).
 * Answers the lower-cased list, or what is wrong with it.
 */
export function parsePushHosts(value: string): string[] | string {
  const hosts = value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (!hosts.length) return 'at least one host name';
  for (const h of hosts) {
    const name = h.startsWith('*.') ? h.slice(2) : h;
    // An IP address or a single label (localhost, intranet names) is never a push service.
    if (net.isIP(name) || !HOSTNAME.test(name)) return `"${h}" is not a host name (or *.domain)`;
  }
  return hosts;
}

/** Whether a (lower-case) host name is one of `hosts` or a subdomain of a `*.suffix` entry. */
export function hostAllowed(hostname: string, hosts: readonly string[]): boolean {
  return hosts.some((h) => (h.startsWith('*.') ? hostname.endsWith(h.slice(1)) : hostname === h));
}

/** Domains that only ever stand for "no real address": refused as a VAPID contact in production. */
const PLACEHOLDER_DOMAIN = /(^|\.)(example\.(com|org|net)|example|localhost|local|test|invalid|localdomain)$/;

/** What is wrong with a VAPID subject (a contact the push services may use), or null. */
export function checkVapidSubject(subject: string, isProduction: boolean): string | null {
  let url: URL;
  try {
    url = new URL(subject);
  } catch {
    return 'a mailto: or https: address';
  }
  let domain: string;
  if (url.protocol === 'mailto:') {
    const m = /^[^@\s/?#]+@([^@\s/?#]+)$/.exec(decodeURIComponent(url.pathname));
    if (!m) return 'mailto: needs an e-mail address (mailto:contact@your-domain.fr)';
    domain = m[1].toLowerCase();
  } else if (url.protocol === 'https:') {
    if (url.username || url.password) return 'an https: address without credentials';
    domain = url.hostname.toLowerCase();
  } else return 'a mailto: or https: address';
  if (
    isProduction &&
    (PLACEHOLDER_DOMAIN.test(domain) || net.isIP(domain.replace(/^\[|\]$/g, '')) || !domain.includes('.'))
  )
    return `"${domain}" is a placeholder: give a real contact of the operator`;
  return null;
}

function base64urlBytes(value: string): Buffer | null {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url') : null;
}

/** What is wrong with a VAPID key pair (base64url P-256: 65-byte public point, 32-byte private scalar), or null. */
export function vapidKeyProblem(publicKey: string, privateKey: string): string | null {
  const pub = base64urlBytes(publicKey);
  const priv = base64urlBytes(privateKey);
  if (!pub || pub.length !== 65 || pub[0] !== 4)
    return 'VAPID_PUBLIC_KEY: a base64url uncompressed P-256 public key (65 bytes)';
  if (!priv || priv.length !== 32) return 'VAPID_PRIVATE_KEY: a base64url P-256 private key (32 bytes)';
  try {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.setPrivateKey(priv);
    if (!ecdh.getPublicKey().equals(pub)) return 'VAPID_PUBLIC_KEY does not match VAPID_PRIVATE_KEY';
  } catch {
    return 'VAPID_PRIVATE_KEY: not a P-256 private key';
  }
  return null;
}

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
