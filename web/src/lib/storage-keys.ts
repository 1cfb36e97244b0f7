/** Browser storage keys, shared by the session, the location tracker and the logout. */
export const STORAGE_KEYS = {
  /** The session user, JSON (a copy of the cached `me`). */
  userData: 'userData',
  /** 'true' or 'false': background discovery on or off. */
  locationTrackingEnabled: 'location_tracking_enabled',
  /** Numeric id of the navigator.geolocation position watch. */
  locationTrackingWatchId: 'location_tracking_watch_id',
  /** Random UUID created once, fallback user id for the location tracker. */
  deviceId: 'device_id',
  /** 'true' once the user has read the explanation shown before the browser's permission prompt. */
  locationTrackingExplained: 'location_tracking_explained',
  /** Search criteria chosen while signed out (JSON), saved to the account created next. */
  guestSearchFilters: 'searchFilters:guest',
} as const;

/** Key of a user's saved search criteria (JSON), kept next to the server copy. */
export function searchFiltersKey(userId: string): string {
  return `searchFilters:${userId}`;
}
