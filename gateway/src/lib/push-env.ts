import crypto from 'node:crypto';
import net from 'node:net';

/*
 * The environment's Web Push settings checked (PUSH_ENDPOINT_HOSTS, VAPID_SUBJECT, the VAPID keys): used by config.ts
 * when it parses the environment, and by modules/notifications/push-config.ts.
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
