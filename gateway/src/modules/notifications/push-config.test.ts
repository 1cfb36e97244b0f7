import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@flaneur/schema';
import webpush from 'web-push';
import { loadConfig } from '../../config';
import { parsePushHosts, PUSH_ENDPOINT_HOSTS_DEFAULT } from '../../lib/push-env';
import { checkPushEndpoint, resolveVapid } from './push-config';

const hosts = parsePushHosts(PUSH_ENDPOINT_HOSTS_DEFAULT) as string[];
const prod = { isProduction: true, hosts };
const dev = { isProduction: false, hosts };
const ok = (url: string, policy = prod) => {
  try {
    checkPushEndpoint(url, policy);
    return true;
  } catch (e) {
    expect((e as { code: string; message: string }).code).toBe('BAD_USER_INPUT');
    expect((e as Error).message).toBe(MSG.pushEndpointInvalid);
    return false;
  }
};

describe('the push endpoint guard (SSRF)', () => {
  it('should accept https on the browsers push services, at the default port only', () => {
    expect(ok('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(ok('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBe(true);
    expect(ok('https://web.push.apple.com/QGx')).toBe(true);
    expect(ok('https://wns2-par02p.notify.windows.com/w/?token=abc')).toBe(true);
    expect(ok('https://fcm.googleapis.com:443/fcm/send/abc')).toBe(true);
    expect(ok('https://fcm.googleapis.com:444/fcm/send/abc')).toBe(false);
    expect(ok('http://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(ok('https://user:pw@fcm.googleapis.com/fcm/send/abc')).toBe(false);
    // *.suffix is for subdomains, not the suffix itself nor look-alikes.
    expect(ok('https://notify.windows.com/w/')).toBe(false);
    expect(ok('https://evilnotify.windows.com/w/')).toBe(false);
    expect(ok('https://fcm.googleapis.com.evil.fr/x')).toBe(false);
  });

  it('should refuse private, link-local and loopback addresses, IP literals and other schemes in production', () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'https://169.254.169.254/',
      'https://10.0.0.1/push',
      'https://192.168.1.1/',
      'https://127.0.0.1/',
      'http://localhost:9000/',
      'https://[::1]/',
      'https://2130706433/',
      'file:///etc/passwd',
      'ftp://fcm.googleapis.com/',
      'https://example.fr/push',
      'pas une adresse',
    ])
      expect({ url, ok: ok(url) }).toEqual({ url, ok: false });
  });

  it('should also accept http(s) on loopback outside production, nothing else', () => {
    expect(ok('http://127.0.0.1:4567/push/a', dev)).toBe(true);
    expect(ok('http://localhost:4567/push/a', dev)).toBe(true);
    expect(ok('http://[::1]:4567/push/a', dev)).toBe(true);
    expect(ok('http://10.0.0.1/push', dev)).toBe(false);
    expect(ok('http://169.254.169.254/', dev)).toBe(false);
    expect(ok('file:///etc/passwd', dev)).toBe(false);
  });
});

describe('Web Push configuration', () => {
  const keys = webpush.generateVAPIDKeys();
  const base = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), PUBLIC_URL: 'https://flaneur.fr' };
  const vapid = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };

  it('should require the VAPID keys and a real contact in production', () => {
    expect(() => loadConfig(base)).toThrow(/VAPID_PUBLIC_KEY: required in production/);
    expect(() => loadConfig({ ...base, ...vapid })).toThrow(/VAPID_SUBJECT: required in production/);
    for (const subject of ['mailto:admin@example.com', 'https://localhost', 'mailto:moi', 'http://flaneur.fr', 'x'])
      expect(() => loadConfig({ ...base, ...vapid, VAPID_SUBJECT: subject })).toThrow(/VAPID_SUBJECT/);
    const config = loadConfig({ ...base, ...vapid, VAPID_SUBJECT: 'mailto:alertes@flaneur.fr' });
    expect(config.vapid).toEqual({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      subject: 'mailto:alertes@flaneur.fr',
    });
    expect(config.pushEndpointHosts).toContain('fcm.googleapis.com');
  });

  it('should refuse keys that are not a P-256 pair, and bad PUSH_ENDPOINT_HOSTS', () => {
    const other = webpush.generateVAPIDKeys();
    const env = { ...base, VAPID_SUBJECT: 'https://flaneur.fr/contact' };
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /does not match/,
    );
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    for (const value of ['10.0.0.1', 'localhost', '*.', ' , '])
      expect(() => loadConfig({ ...env, ...vapid, PUSH_ENDPOINT_HOSTS: value })).toThrow(/PUSH_ENDPOINT_HOSTS/);
    expect(
      loadConfig({ ...env, ...vapid, PUSH_ENDPOINT_HOSTS: 'push.example.org, *.Push.Example.net' }).pushEndpointHosts,
    ).toEqual(['push.example.org', '*.push.example.net']);
  });

  it('should generate the keys once into DATA_DIR/vapid.json outside production', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flaneur-vapid-'));
    try {
      const first = resolveVapid({}, dir);
      expect(first.publicKey).toMatch(/^B[\w-]{86}$/);
      expect(resolveVapid({}, dir)).toEqual(first);
      expect(fs.statSync(path.join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
