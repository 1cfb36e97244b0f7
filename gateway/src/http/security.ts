import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** Where the browser reaches Mapbox (style, vector tiles, sprites, glyphs, telemetry) when the maps render with it. */
export const MAPBOX_ORIGINS = ['https://api.mapbox.com', 'https://events.mapbox.com', 'https://*.tiles.mapbox.com'];

/**
 * Security headers; the CSP lets the app, the map renderer (blob: workers) and its hosts, and (outside production) the
 * Apollo Sandbox work. The map hosts are those of the configured renderer only: Mapbox's when `mapboxAccessToken`
 * is set (the web was built with it), else the raster tile host of `tileUrl`.
 */
export function securityHeaders(opts: {
  tileUrl: string;
  isProduction: boolean;
  imageUrl?: string;
  mapboxAccessToken?: string;
}): RequestHandler {
  const tileOrigin = (() => {
    try {
      return new URL(opts.tileUrl.replace(/\{[a-z]\}/g, '0')).origin;
    } catch {
      return undefined;
    }
  })();
  const sandbox = opts.isProduction
    ? []
    : [
        'https://embeddable-sandbox.cdn.apollographql.com',
        'https://sandbox.embed.apollographql.com',
        'https://apollo-server-landing-page.cdn.apollographql.com',
      ];
  const mapbox = Boolean(opts.mapboxAccessToken);
  const tiles = mapbox ? [] : tileOrigin ? [tileOrigin] : [];
  const mapboxHosts = mapbox ? MAPBOX_ORIGINS : [];
  // Photos redirected to the public bucket (S3_PUBLIC_URL) load from its origin.
  const images = opts.imageUrl ? [new URL(opts.imageUrl).origin] : [];
  return replayHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(opts.isProduction ? [] : ["'unsafe-inline'", ...sandbox])],
          styleSrc: ["'self'", "'unsafe-inline'", ...(opts.isProduction ? [] : ['https://fonts.googleapis.com'])],
          imgSrc: [
            "'self'",
            'data:',
            'blob:',
            ...tiles,
            ...images,
            ...(opts.isProduction ? [] : ['https://apollo-server-landing-page.cdn.apollographql.com']),
          ],
          connectSrc: ["'self'", 'ws:', 'wss:', ...tiles, ...mapboxHosts, ...sandbox],
          workerSrc: ["'self'", 'blob:'],
          // Mapbox GL starts its workers from blob: URLs; browsers without worker-src read child-src.
          ...(mapbox ? { childSrc: ['blob:'] } : {}),
          frameSrc: sandbox.length ? sandbox : ["'none'"],
          manifestSrc: ["'self'"],
          fontSrc: ["'self'", 'data:', ...(opts.isProduction ? [] : ['https://fonts.gstatic.com'])],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: opts.isProduction ? [] : null,
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: opts.isProduction,
    }),
  );
}

/**
 * Runs a middleware that only sets and removes fixed headers (helmet with static directives) once, at start, and
 * answers one that replays them: the same headers on every answer without eleven middleware calls per request.
 * Throws at start if the middleware does anything else.
 */
export function replayHeaders(middleware: RequestHandler): RequestHandler {
  const ops: [name: string, value: string | null][] = [];
  let done = false;
  const recorder = {
    setHeader: (name: string, value: unknown) => void ops.push([name, String(value)]),
    removeHeader: (name: string) => void ops.push([name, null]),
  };
  middleware({} as Request, recorder as unknown as Response, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('replayHeaders: the middleware did not finish synchronously');
  return (_req, res, next) => {
    for (const [name, value] of ops) {
      if (value === null) res.removeHeader(name);
      else res.setHeader(name, value);
    }
    next();
  };
}
