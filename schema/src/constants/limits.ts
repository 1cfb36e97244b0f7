/** Business constants and limits, shared by the gateway and the web: each one is declared here and nowhere else. */
export const LIMITS = {
  usernameMin: 3,
  usernameMax: 30,
  /** Age accepted on the profile, in years. */
  ageMin: 16,
  ageMax: 120,
  /** Every new password (sign-up, change, reset); signing in checks only that one was typed (older accounts). */
  passwordMin: 8,
  passwordMax: 200,
  /** Longest e-mail address accepted (RFC 5321 path limit). */
  emailMax: 254,
  bioMax: 500,
  imagesPerListingMin: 1,
  imagesPerListingMax: 15,
  listingImageMaxBytes: 10 * 1024 * 1024,
  profilePictureMaxBytes: 5 * 1024 * 1024,
  documentMaxBytes: 10 * 1024 * 1024,
  /** Listing photos: decoded size past which an image is refused (415), whatever its file size (decompression bombs). */
  listingImageMaxPixels: 40_000_000,
  /** Listing photos narrower or lower than this many pixels are refused (400): a thumbnail is 400 px wide. */
  listingImageMinSide: 300,
  /** Listing photos are re-encoded to WebP with their long side at most this many pixels… */
  listingImageMaxSide: 1600,
  /** …plus a thumbnail with its long side at most this many pixels… */
  listingImageThumbSide: 400,
  /** …and, when the photo is larger, a middle width with its long side at most this many pixels (phones' srcset). */
  listingImageMediumSide: 800,
  /** Largest non-file field of a multipart GraphQL request (the operations and the map). */
  uploadFieldMaxBytes: 1024 * 1024,
  messageMax: 5000,
  radiusKm: { min: 0.5, max: 5, step: 0.5, default: 2 },
  salePrice: { min: 50_000, max: 1_500_000, step: 10_000 },
  rentPrice: { min: 300, max: 5_000, step: 100 },
  sizeMin: { min: 10, max: 300, step: 5, default: 20 },
  sizeMax: { min: 20, max: 500, step: 10, default: 200 },
  /** Rooms (« pièces », bedrooms and living rooms, kitchen and bathrooms not counted): a studio has 1. */
  rooms: { min: 1, max: 20 },
  /** Yearly energy cost of a listing (DPE estimate), in whole euros. */
  energyCostMax: 1_000_000,
  /** Earliest reference year of the energy prices a DPE may quote. */
  energyPricesYearMin: 2015,
  homeTodayMax: 3,
  historyMapZoom: 14,
  detailMapZoom: 15,
  mapBoundsPadding: 50,
  mapTileSize: 256,
  toastDefaultMs: 5000,
  toastRemoveDelayMs: 1000,
  toastLimit: 3,
  conversationCreatedToastMs: 2000,
  conversationRedirectMs: 500,
  busyResetMs: 1000,
  resetRedirectMs: 2000,
  logoutRedirectMs: 100,
  positionTimeoutMs: 10_000,
  resetTokenTtlMs: 60 * 60 * 1000,
  /** Length of the visit slot an owner proposes when accepting a visit request, in minutes. */
  visitSlotMinutes: { min: 15, max: 240, default: 30 },
  /** A proposed visit lies in the future and at most this many days ahead. */
  visitProposalMaxDays: 90,
} as const;

/* Discovery while walking (docs/decisions.md#discovery). */
/** Fixes less precise than this (accuracy radius, metres) are stored but never matched. */
export const DISCOVERY_MAX_ACCURACY_M = 500;
/**
 * The discovery radius offered when tracking is turned on (km): what a walker passes, not the whole neighbourhood
 * (docs/decisions.md « Walking radius »).
 */
export const DISCOVERY_WALK_RADIUS_KM = 0.5;
/** At most this many discoveries per fix, nearest first. */
export const DISCOVERY_MAX_PER_FIX = 20;
/** At most one matching pass per user in this many seconds; fixes in between are stored, not matched. */
export const DISCOVERY_PASS_INTERVAL_S = 5;
/** Fixes sent together after being kept offline (reportLocations, POST /api/user-locations/batch). */
export const LOCATION_BATCH = {
  /** Fixes per call. */
  maxFixes: 500,
  /** Bytes of a REST batch body (500 fixes of ~200 bytes, with room). */
  maxBodyBytes: 256 * 1024,
  /** A replayed fix older than this (hours, at receipt) is stored, not matched. */
  matchMaxAgeH: 24,
  /** A replayed fix dated further ahead than this (seconds, device clock drift) is stored, not matched. */
  matchMaxAheadS: 300,
  /** Only discoveries of fixes at most this old (minutes, at receipt) lead to a passing alert. */
  alertMaxAgeMin: 10,
} as const;

/* Walking alerts (Web Push) and message alerts (docs/decisions.md#walking-alerts-and-the-outbox). */
export const NOTIFICATION_LIMITS = {
  /** Passing alerts a day (Europe/Paris calendar day). */
  maxPerDay: { min: 1, max: 50, default: 15 },
  /** Minutes between two passing alerts. */
  minIntervalMinutes: { min: 0, max: 120, default: 2 },
  /** Default quiet hours (Europe/Paris); a window may cross midnight. */
  quietHours: { start: '21:30', end: '08:00' },
  /** Devices (push subscriptions) a user may have; the next one replaces the oldest. */
  subscriptionsPerUser: 10,
  /** Longest push endpoint URL accepted. */
  endpointMax: 1024,
  /** A fix older than this when its alert is handled is not announced. */
  passingFixMaxAgeMinutes: 10,
  /** At most one message alert per conversation and recipient within this delay. */
  messageAlertIntervalSeconds: 60,
  /** Characters of a message shown in its alert. */
  messagePreviewChars: 80,
} as const;
