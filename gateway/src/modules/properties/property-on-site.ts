import { ON_SITE } from '@flaneur/schema';
import { EARTH_RADIUS_KM } from '../../db/geo-sql';
import type { Property } from './property.entity';

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine, the mean Earth radius of the geographic search). */
export function distanceM(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * 1000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * « Vérifié sur place »: a fix proves the owner stands in front of the listing when it is precise (accuracy ≤ 30 m)
 * and within 60 m of the listing's coordinates, both bounds included.
 */
export function isOnSite(
  listing: { latitude: string | number; longitude: string | number },
  fix: { latitude: number; longitude: number; accuracy: number },
): boolean {
  if (fix.accuracy > ON_SITE.accuracyMaxM) return false;
  const at = { latitude: Number(listing.latitude), longitude: Number(listing.longitude) };
  return distanceM(at, fix) <= ON_SITE.distanceMaxM;
}

/** The columns whose change moves the listing: changing one clears its « Vérifié sur place ». */
export const PLACE_COLUMNS = ['address', 'city', 'postalCode', 'latitude', 'longitude'] as const;

/**
 * What a change does to the listing's « Vérifié sur place »: cleared (`verifiedOnSiteAt: null`) when it gives the
 * address, city, postal code or coordinates a new value; nothing otherwise (the same value sent again keeps it).
 */
export function onSiteAfterChange(
  listing: Pick<Property, (typeof PLACE_COLUMNS)[number]>,
  columns: Partial<Property>,
): { verifiedOnSiteAt?: null } {
  const moved = PLACE_COLUMNS.some((c) => columns[c] !== undefined && String(columns[c]) !== String(listing[c]));
  return moved ? { verifiedOnSiteAt: null } : {};
}
