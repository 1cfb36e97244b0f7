import { Router } from 'express';
import type { GeocodingService } from './geocoding.service';

/** GET /api/geocode?q=… → at most 5 `{ label, city, postcode, latitude, longitude, score }` (GeocodingService). */
export function geocodingRouter(services: { geocoding: GeocodingService }): Router {
  const r = Router();
  r.get('/geocode', async (req, res) => {
    res.json(await services.geocoding.search({ viewer: req.viewer ?? null, ip: req.ip ?? 'unknown' }, req.query.q));
  });
  return r;
}
