import { z } from 'zod';
import { DPE_RATINGS, PROPERTY_TYPES } from '../constants/enums';
import { Feature, toFeatureKey } from '../constants/features';
import { LIMITS } from '../constants/limits';
import { MSG } from '../constants/messages';
import { ZEmail } from './email';
import { applicableLegalFields, legalFields, refineLegal } from './legal-mentions';

/** PostgreSQL text cannot hold U+0000: refused as bad input rather than failing in the database. */
const noNul = (v: string) => !v.includes('\u0000');
const required = (message: string, max = 255, tooLong: string = MSG.invalidInput) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong).refine(noNul, MSG.invalidInput);
/** Numbers may arrive as text (the form holds price and coordinates as strings). */
const num = (required: string, invalid: string) =>
  z
    .union([z.number(), z.string().trim().min(1, required)], { error: required })
    .transform(Number)
    .pipe(z.number({ error: invalid }));
/** A count: a number, or digits as text; null and "" are not 0. */
const count = (invalid: string) =>
  z
    .union([z.number(), z.string().trim().min(1, invalid)], { error: invalid })
    .transform(Number)
    .pipe(z.number({ error: invalid }).int(invalid).min(0, invalid).max(50, invalid));

/** Rooms (« pièces »): 1 (a studio) to 20. */
export const ZRooms = z
  .union([z.number(), z.string().trim().min(1, MSG.roomsInvalid)], { error: MSG.roomsInvalid })
  .transform(Number)
  .pipe(
    z
      .number({ error: MSG.roomsInvalid })
      .int(MSG.roomsInvalid)
      .min(LIMITS.rooms.min, MSG.roomsInvalid)
      .max(LIMITS.rooms.max, MSG.roomsInvalid),
  );

/** Rooms of a listing that does not say (legacy clients): its bedrooms plus the living room, within 1–20. */
export const defaultRooms = (bedrooms: number): number =>
  Math.min(LIMITS.rooms.max, Math.max(LIMITS.rooms.min, bedrooms + 1));

/**
 * Bedrooms are among the rooms, beside at least one living room: at most rooms − 1 (a studio, 1 room, has 0
 * bedrooms). Answers the French message when they disagree, else null.
 */
export const bedroomsRoomsIssue = (rooms: number, bedrooms: number): string | null =>
  bedrooms > rooms - 1 ? MSG.bedroomsOverRooms : null;

/** Canonical feature keys; French labels are accepted on input (legacy REST). */
export const ZFeatures = z
  .array(z.string({ error: MSG.featureInvalid }), { error: MSG.featureInvalid })
  .max(20, MSG.featureInvalid)
  .transform((list, ctx) => {
    const keys = new Set<Feature>();
    for (const value of list) {
      const key = toFeatureKey(value);
      if (!key) ctx.addIssue({ code: 'custom', message: MSG.featureInvalid });
      else keys.add(key);
    }
    return [...keys];
  });

/** A listing photo is a URL our upload endpoint returned. */
export const ZListingImageUrl = z
  .string({ error: MSG.imageUrlInvalid })
  .regex(/^\/uploads\/listings\/[A-Za-z0-9-]+\.webp$/, MSG.imageUrlInvalid);

const fields = {
  title: required(MSG.titleRequired, 200, MSG.propertyTitleTooLong),
  description: required(MSG.descriptionRequired, 5000, MSG.propertyDescriptionTooLong),
  price: num(MSG.priceRequired, MSG.priceInvalid).pipe(
    z.number().positive(MSG.priceInvalid).max(99_999_999.99, MSG.priceInvalid),
  ),
  currency: z
    .string({ error: MSG.invalidInput })
    .regex(/^[A-Z]{3}$/, MSG.invalidInput)
    .default('EUR'),
  isRental: z.boolean({ error: MSG.invalidInput }).default(false),
  size: num(MSG.sizeRequired, MSG.sizeInvalid).pipe(z.number().positive(MSG.sizeInvalid).max(9999.99, MSG.sizeInvalid)),
  bedrooms: count(MSG.bedroomsInvalid).default(1),
  /** Absent: bedrooms + 1 (defaultRooms). */
  rooms: ZRooms.optional(),
  bathrooms: count(MSG.bathroomsInvalid).default(1),
  floor: z
    .string({ error: MSG.invalidInput })
    .trim()
    .max(30, MSG.invalidInput)
    .refine(noNul, MSG.invalidInput)
    .nullish()
    .transform((v) => v || null),
  address: required(MSG.addressRequired),
  city: required(MSG.cityRequired, 100),
  postalCode: required(MSG.postalCodeRequired, 10).pipe(z.string().regex(/^\d{5}$/, MSG.postalCodeInvalid)),
  latitude: num(MSG.latitudeInvalid, MSG.latitudeInvalid).pipe(
    z.number().min(-90, MSG.latitudeInvalid).max(90, MSG.latitudeInvalid),
  ),
  longitude: num(MSG.longitudeInvalid, MSG.longitudeInvalid).pipe(
    z.number().min(-180, MSG.longitudeInvalid).max(180, MSG.longitudeInvalid),
  ),
  type: z.enum(PROPERTY_TYPES, { error: MSG.typeInvalid }).default('apartment'),
  dpeRating: z
    .enum(DPE_RATINGS, { error: MSG.dpeInvalid })
    .nullish()
    .transform((v) => v ?? null),
  features: ZFeatures.default([]),
  // A missing list is "no photo", with the same message as an empty one.
  images: z
    .array(ZListingImageUrl, { error: MSG.imagesMin })
    .min(LIMITS.imagesPerListingMin, MSG.imagesMin)
    .max(LIMITS.imagesPerListingMax, MSG.imagesMax),
  ownerName: required(MSG.ownerNameRequired, 100),
  ownerEmail: ZEmail,
  ownerPhone: required(MSG.ownerPhoneRequired, 30),
  ...legalFields,
};

const listing = (strict: boolean) =>
  z
    .object(fields, { error: MSG.invalidInput })
    .refine((l) => !bedroomsRoomsIssue(l.rooms ?? defaultRooms(l.bedrooms), l.bedrooms), {
      message: MSG.bedroomsOverRooms,
      path: ['bedrooms'],
      // Checked as soon as rooms and bedrooms are valid, whatever the other fields (the form shows it at once).
      when: ({ issues }) => !issues.some((i) => i.path?.[0] === 'rooms' || i.path?.[0] === 'bedrooms'),
    })
    // The legal mentions, whatever the other fields (the form shows them with the others).
    .superRefine(refineLegal(strict), { when: () => true })
    .transform((l) => applicableLegalFields({ ...l, rooms: l.rooms ?? defaultRooms(l.bedrooms) }));

/**
 * A new listing (add-property form, createProperty): the legal mentions that apply are required (energy except
 * for a new-build sale, rental terms, rent control, fees, advertiser).
 */
export const ZProperty = listing(true);
export type TProperty = z.input<typeof ZProperty>;
export type TPropertyParsed = z.output<typeof ZProperty>;
/**
 * A new listing from the legacy REST client, which predates the legal mentions: they may be absent, and are checked
 * like ZProperty's when present.
 */
export const ZLegacyProperty = listing(false);

/** A change to a listing: any subset of the fields, each with the same rule (no defaults applied). */
export const ZPropertyUpdate = z.object(
  {
    ...Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, (v instanceof z.ZodDefault ? v.unwrap() : v).optional()]),
    ),
  },
  { error: MSG.invalidInput },
) as unknown as z.ZodType<Partial<TPropertyParsed>, Partial<TProperty>>;
export type TPropertyUpdate = Partial<TProperty>;
