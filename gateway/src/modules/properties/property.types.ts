import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { DpeRatingEnum, FeatureEnum, PropertyTypeEnum } from '../../graphql/enums';
import type { DpeRating, Feature, PropertyType } from '@flaneur/schema';
import { Property } from './property.entity';

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
@ObjectType({ description: 'A page of listings, newest first.' })
export class PropertyConnection {
  @Field(() => [Property], { description: 'The listings of this page.' })
  nodes: Property[];

  @Field(() => PageInfo, { description: 'Pagination.' })
  pageInfo: PageInfo;
}

/** Fields of a listing, for createProperty; updateProperty takes the same fields, all optional. */
@InputType({
  description:
    'Fields of a listing (add-property form). Required on creation: title, description, price, size, address, city, postalCode, latitude, longitude, ownerName, ownerEmail, ownerPhone and 1 to 15 images; type defaults to apartment, bedrooms and bathrooms to 1, rooms to bedrooms + 1.',
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
}
