import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { DpeRatingEnum, FeatureEnum, PropertyTypeEnum } from '../../graphql/enums';
import type { Advertiser, ChargesMode, DpeRating, Feature, FeesPaidBy, PropertyType } from '@flaneur/schema';
import { Property } from './property.entity';
import {
  AdvertiserEnum,
  ChargesModeEnum,
  CoOwnershipInput,
  FeesPaidByEnum,
  GesRatingEnum,
} from './legal-mentions.types';

/** A point of a drawn zone. */
@InputType({ description: 'A point (WGS 84 degrees).' })
export class LatLngInput {
  @Field(() => Float, { description: 'Latitude, −90 to 90.' }) latitude: number;
  @Field(() => Float, { description: 'Longitude, −180 to 180.' }) longitude: number;
}

/** Around a point. */
@InputType({ description: 'A circle: a point and a radius.' })
export class NearInput {
  @Field(() => Float, { description: 'Latitude of the centre, −90 to 90.' }) latitude: number;
  @Field(() => Float, { description: 'Longitude of the centre, −180 to 180.' }) longitude: number;
  @Field(() => Float, { description: 'Radius in km, more than 0 and at most 50.' }) radiusKm: number;
}

/** A latitude/longitude box. */
@InputType({ description: 'A latitude/longitude box: south ≤ north, west ≤ east (no antimeridian crossing).' })
export class BboxInput {
  @Field(() => Float, { description: 'South edge (latitude).' }) south: number;
  @Field(() => Float, { description: 'West edge (longitude).' }) west: number;
  @Field(() => Float, { description: 'North edge (latitude).' }) north: number;
  @Field(() => Float, { description: 'East edge (longitude).' }) east: number;
}

/** Listing search filters. */
@InputType({ description: 'Listing search filters; all optional, combined with AND.' })
export class PropertyFilterInput {
  @Field(() => String, { nullable: true, description: 'City, case-insensitive exact match.' })
  city?: string;

  @Field(() => Boolean, { nullable: true, description: 'true: rentals only; false: sales only.' })
  isRental?: boolean;

  @Field(() => [PropertyTypeEnum], { nullable: true, description: 'Accepted kinds of dwelling.' })
  types?: PropertyType[];

  @Field(() => Float, { nullable: true, description: 'Minimum price.' })
  minPrice?: number;

  @Field(() => Float, { nullable: true, description: 'Maximum price.' })
  maxPrice?: number;

  @Field(() => Float, { nullable: true, description: 'Minimum living area (m²).' })
  minSize?: number;

  @Field(() => Float, { nullable: true, description: 'Maximum living area (m²).' })
  maxSize?: number;

  @Field(() => [Int], { nullable: true, description: 'Accepted bedroom counts; 5 means 5 or more.' })
  bedrooms?: number[];

  @Field(() => Int, { nullable: true, description: 'Minimum number of rooms (« pièces »).' })
  minRooms?: number;

  @Field(() => [FeatureEnum], { nullable: true, description: 'Features that must all be present.' })
  features?: Feature[];

  @Field(() => Float, { nullable: true, description: 'Bounding box: south edge.' })
  minLatitude?: number;

  @Field(() => Float, { nullable: true, description: 'Bounding box: north edge.' })
  maxLatitude?: number;

  @Field(() => Float, { nullable: true, description: 'Bounding box: west edge.' })
  minLongitude?: number;

  @Field(() => Float, { nullable: true, description: 'Bounding box: east edge.' })
  maxLongitude?: number;

  @Field(() => ID, { nullable: true, description: "Only this owner's listings." })
  ownerId?: string;

  @Field(() => NearInput, {
    nullable: true,
    description:
      'Within a great-circle radius (≤ 50 km) of a point: the listings come nearest first (ties by id), each with distanceM.',
  })
  near?: NearInput;

  @Field(() => BboxInput, { nullable: true, description: 'Inside a latitude/longitude box, edges included.' })
  bbox?: BboxInput;

  @Field(() => DpeRatingEnum, {
    nullable: true,
    description: 'Worst energy class (DPE) accepted: E hides F and G. Listings without a class (new builds) are kept.',
  })
  energyMax?: DpeRating | null;

  @Field(() => [LatLngInput], {
    nullable: true,
    description:
      'Inside a drawn zone: 3 to 100 points in drawing order forming a simple polygon (concave allowed, crossing edges refused; a last point repeating the first is dropped). Edges included.',
  })
  polygon?: LatLngInput[];
}

/** Pagination facts of a connection. */
@ObjectType({ description: 'Where a page ends and whether another follows.' })
export class PageInfo {
  @Field(() => String, { nullable: true, description: 'Cursor to pass as `after` for the next page.' })
  endCursor: string | null;

  @Field({ description: 'True when more results follow.' })
  hasNextPage: boolean;
}

/** A page of listings. */
@ObjectType({ description: 'A page of listings, newest first (nearest first for a near search).' })
export class PropertyConnection {
  @Field(() => [Property], { description: 'The listings of this page.' })
  nodes: Property[];

  @Field(() => PageInfo, { description: 'Pagination.' })
  pageInfo: PageInfo;
}

/** Fields of a listing, for createProperty; updateProperty takes the same fields, all optional. */
@InputType({
  description:
    'Fields of a listing (add-property form). Required on creation: title, description, price, size, address, city, postalCode, latitude, longitude, ownerName, ownerEmail, ownerPhone and 1 to 15 images; type defaults to apartment, bedrooms and bathrooms to 1, rooms to bedrooms + 1. Legal mentions required on creation: advertiser; dpeRating, gesRating, energyCostMin ≤ energyCostMax and energyPricesYear except for a new-build sale (isNewBuild); for a rental charges, chargesMode, deposit and furnished, plus baseRent ≤ referenceRentMajored in a rent-control territory (price = baseRent + rentSupplement + charges, no rentSupplement for class F or G) and tenantFees for a professional; for a sale by a professional feesPaidBy, and buyerFeesPercent when the buyer pays. Fields that do not apply to the listing are stored as null.',
})
export class PropertyInput {
  @Field({ nullable: true, description: 'Title (required).' }) title?: string;
  @Field({ nullable: true, description: 'Description (required).' }) description?: string;
  @Field(() => Float, { nullable: true, description: 'Price (required): total for a sale, per month for a rental.' })
  price?: number;
  @Field({ nullable: true, description: 'Currency, EUR by default.' }) currency?: string;
  @Field({ nullable: true, description: 'Rental (true) or sale (false, default).' }) isRental?: boolean;
  @Field(() => Float, { nullable: true, description: 'Living area in m² (required).' }) size?: number;
  @Field(() => Int, { nullable: true, description: 'Bedrooms (default 1).' }) bedrooms?: number;
  @Field(() => Int, {
    nullable: true,
    description: 'Rooms (« pièces ») 1 to 20, 1 for a studio; bedrooms ≤ rooms − 1. Default: bedrooms + 1.',
  })
  rooms?: number;
  @Field(() => Int, { nullable: true, description: 'Bathrooms (default 1).' }) bathrooms?: number;
  @Field(() => String, { nullable: true, description: 'Floor, free text ("3ème", "RDC").' }) floor?: string | null;
  @Field({ nullable: true, description: 'Street address (required).' }) address?: string;
  @Field({ nullable: true, description: 'City (required).' }) city?: string;
  @Field({ nullable: true, description: 'Postal code, 5 digits (required).' }) postalCode?: string;
  @Field(() => Float, { nullable: true, description: 'Latitude (required).' }) latitude?: number;
  @Field(() => Float, { nullable: true, description: 'Longitude (required).' }) longitude?: number;
  @Field(() => PropertyTypeEnum, { nullable: true, description: 'Kind of dwelling (default apartment).' })
  type?: PropertyType;
  @Field(() => DpeRatingEnum, { nullable: true, description: 'Energy class A–G.' }) dpeRating?: DpeRating | null;
  @Field(() => [FeatureEnum], { nullable: true, description: 'Features.' }) features?: Feature[];
  @Field(() => [String], { nullable: true, description: 'Photo URLs from uploadPropertyImages (1 to 15).' })
  images?: string[];
  @Field({ nullable: true, description: 'Contact name (required).' }) ownerName?: string;
  @Field({ nullable: true, description: 'Contact e-mail (required).' }) ownerEmail?: string;
  @Field({ nullable: true, description: 'Contact phone (required).' }) ownerPhone?: string;
  @Field(() => GesRatingEnum, { nullable: true, description: 'Climate class A–G.' }) gesRating?: DpeRating | null;
  @Field(() => Int, { nullable: true, description: 'Yearly energy cost, low end (whole €).' })
  energyCostMin?: number | null;
  @Field(() => Int, { nullable: true, description: 'Yearly energy cost, high end (whole €, ≥ energyCostMin).' })
  energyCostMax?: number | null;
  @Field(() => Int, { nullable: true, description: 'Year of the energy prices (1 January).' })
  energyPricesYear?: number | null;
  @Field({ nullable: true, description: 'New-build sale (VEFA), default false.' }) isNewBuild?: boolean;
  @Field(() => Float, { nullable: true, description: 'Rental: monthly charges included in price.' })
  charges?: number | null;
  @Field(() => ChargesModeEnum, { nullable: true, description: 'Rental: provision or forfait.' })
  chargesMode?: ChargesMode | null;
  @Field(() => Float, { nullable: true, description: 'Rental: security deposit.' }) deposit?: number | null;
  @Field(() => Boolean, { nullable: true, description: 'Rental: furnished.' }) furnished?: boolean | null;
  @Field(() => Float, { nullable: true, description: 'Rent control: base rent.' }) baseRent?: number | null;
  @Field(() => Float, { nullable: true, description: 'Rent control: majored reference rent.' })
  referenceRentMajored?: number | null;
  @Field(() => Float, { nullable: true, description: 'Rent control: rent supplement.' })
  rentSupplement?: number | null;
  @Field(() => Float, { nullable: true, description: 'Rental by a professional: tenant fees, inventory included.' })
  tenantFees?: number | null;
  @Field(() => Float, { nullable: true, description: 'Rental: inventory fees charged to the tenant.' })
  inventoryFees?: number | null;
  @Field(() => CoOwnershipInput, { nullable: true, description: 'Sale: co-ownership, null when none.' })
  coOwnership?: CoOwnershipInput | null;
  @Field(() => AdvertiserEnum, { nullable: true, description: 'private or professional (required on creation).' })
  advertiser?: Advertiser | null;
  @Field(() => FeesPaidByEnum, { nullable: true, description: 'Sale by a professional: who pays the fees.' })
  feesPaidBy?: FeesPaidBy | null;
  @Field(() => Float, { nullable: true, description: 'Sale, buyer pays: fees in % TTC of the price without fees.' })
  buyerFeesPercent?: number | null;
}
