import { MSG } from '@flaneur/schema';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Throttles } from '../../lib/throttle';
import type { User } from '../users/user.entity';

/** An address the geocoder found: its label, city, postcode, position and relevance (0 to 1). */
export interface GeocodedAddressData {
  label: string;
  city: string | null;
  postcode: string | null;
  latitude: number;
  longitude: number;
  score: number;
}

/** Limits of the geocoding: query length, answers kept, time allowed to the geocoder, cache. */
export const GEOCODING_LIMITS = {
  minQueryChars: 3,
  maxQueryChars: 200,
  results: 5,
  timeoutMs: 3000,
  /** An answer larger than this is not an answer of the address base (5 features weigh ~3 KB). */
  maxResponseBytes: 256 * 1024,
  cacheTtlMs: 10 * 60 * 1000,
  cacheEntries: 500,
} as const;

/** Who asks: the signed-in user, or the address of an anonymous visitor (each has its own throttle). */
export interface GeocodeRequester {
  viewer: User | null;
  ip: string;
}

const unavailable = () => new AppError('SERVICE_UNAVAILABLE', MSG.geocoderUnavailable);

/**
 * Looks addresses up with a geocoder speaking the API of the French national address base (`GET {url}/search?q=…
 * &limit=5` answering a GeoJSON FeatureCollection). Answers are cached in memory per normalised query (10 min, 500
 * queries, oldest out first) and concurrent identical queries share one call. A geocoder that cannot be reached,
 * is too slow (3 s) or answers anything but a FeatureCollection is SERVICE_UNAVAILABLE with a French message;
 * failures are never cached. The URL is the operator's (GEOCODER_URL), never the user's: it may be a geocoder of
 * the private network, so no outbound address guard applies.
 */
export class GeocodingService {
  private readonly cache = new Map<string, { at: number; results: GeocodedAddressData[] }>();
  private readonly inFlight = new Map<string, Promise<GeocodedAddressData[]>>();

  constructor(
    private readonly deps: {
      geocoderUrl: string;
      throttles: Throttles;
      logger: Logger;
      now?: () => number;
    },
  ) {}

  /** At most 5 addresses for `query`, best first; [] when none matches. */
  async search(requester: GeocodeRequester, query: unknown): Promise<GeocodedAddressData[]> {
    const q = typeof query === 'string' ? query.normalize('NFC').replace(/\s+/g, ' ').trim() : '';
    if ([...q].length < GEOCODING_LIMITS.minQueryChars)
      throw new AppError('BAD_USER_INPUT', MSG.geocodeQueryTooShort, { fields: { q: MSG.geocodeQueryTooShort } });
    if ([...q].length > GEOCODING_LIMITS.maxQueryChars)
      throw new AppError('BAD_USER_INPUT', MSG.geocodeQueryTooLong, { fields: { q: MSG.geocodeQueryTooLong } });
    if (requester.viewer) await this.deps.throttles.consume('geocodePerUser', String(requester.viewer.id));
    else await this.deps.throttles.consume('geocodePerAddress', requester.ip);

    const key = q.toLocaleLowerCase('fr');
    const now = this.now();
    const cached = this.cache.get(key);
    if (cached && now - cached.at < GEOCODING_LIMITS.cacheTtlMs) return cached.results;
    if (cached) this.cache.delete(key);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const call = this.fetchResults(q)
      .then((results) => {
        this.remember(key, results);
        return results;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, call);
    return call;
  }

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  private remember(key: string, results: GeocodedAddressData[]): void {
    this.cache.delete(key);
    this.cache.set(key, { at: this.now(), results });
    while (this.cache.size > GEOCODING_LIMITS.cacheEntries) this.cache.delete(this.cache.keys().next().value!);
  }

  private async fetchResults(q: string): Promise<GeocodedAddressData[]> {
    const url = new URL(`${this.deps.geocoderUrl}/search`);
    url.searchParams.set('q', q);
    url.searchParams.set('limit', String(GEOCODING_LIMITS.results));
    let body: unknown;
    try {
      const res = await fetch(url, {
        headers: { accept: 'application/json', 'user-agent': 'Flaneur-Geocoding/1.0' },
        redirect: 'error',
        signal: AbortSignal.timeout(GEOCODING_LIMITS.timeoutMs),
      });
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new Error(`geocoder answered ${res.status}`);
      }
      body = JSON.parse(await readLimited(res, GEOCODING_LIMITS.maxResponseBytes));
    } catch (err) {
      this.deps.logger.warn({ err: { message: (err as Error).message } }, 'Geocoder unreachable');
      throw unavailable();
    }
    const features = (body as { features?: unknown } | null)?.features;
    if (!Array.isArray(features)) {
      this.deps.logger.warn('Geocoder answered something else than a FeatureCollection');
      throw unavailable();
    }
    return features
      .map(toAddress)
      .filter((a): a is GeocodedAddressData => a !== null)
      .slice(0, GEOCODING_LIMITS.results);
  }
}

/** The body as text, refused past `maxBytes`. */
async function readLimited(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new Error('geocoder answer too large');
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new Error('geocoder answer too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 300) : null);

/** One GeoJSON feature of the address base as an address; null when it lacks a label or a usable point. */
function toAddress(feature: unknown): GeocodedAddressData | null {
  if (!feature || typeof feature !== 'object') return null;
  const { properties, geometry } = feature as {
    properties?: Record<string, unknown>;
    geometry?: { coordinates?: unknown };
  };
  const label = text(properties?.label);
  const coords = geometry?.coordinates;
  if (!label || !Array.isArray(coords) || coords.length < 2) return null;
  const [longitude, latitude] = coords.map(Number);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const score = Number(properties?.score);
  return {
    label,
    city: text(properties?.city),
    postcode: text(properties?.postcode),
    latitude,
    longitude,
    score: Number.isFinite(score) ? Math.min(1, Math.max(0, score)) : 0,
  };
}
