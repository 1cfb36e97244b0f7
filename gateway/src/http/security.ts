import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** Security headers; the CSP lets the app, maplibre (blob: workers), the tile host and (outside production) the Apollo Sandbox work. */
export function securityHeaders(opts: { tileUrl: string; isProduction: boolean }): RequestHandler {
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
  const tiles = tileOrigin ? [tileOrigin] : [];
  return helmet({
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
          ...(opts.isProduction ? [] : ['https://apollo-server-landing-page.cdn.apollographql.com']),
        ],
        connectSrc: ["'self'", 'ws:', 'wss:', ...tiles, ...sandbox],
        workerSrc: ["'self'", 'blob:'],
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
  });
}
