import type { DpeRating, TSearchFilters } from '@flaneur/schema';
import { Arg, Ctx, Field, Float, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { DpeRatingEnum, PropertyStatusFilterEnum, PropertyTypeFilterEnum } from '../../graphql/enums';
import type { Context } from '../../graphql/context';
import { LatLngInput } from '../properties/property.types';

@ObjectType({ description: 'A point (WGS 84 degrees).' })
class LatLng {
  @Field(() => Float, { description: 'Latitude, −90 to 90.' }) latitude: number;
  @Field(() => Float, { description: 'Longitude, −180 to 180.' }) longitude: number;
}

const ZONE_DOC =
  'Drawn zone: 3 to 100 points in drawing order forming a simple polygon (concave allowed, crossing edges refused; a last point repeating the first is dropped), edges included. Discovery matches only inside it, still within the radius. Null: no zone.';
const ENERGY_DOC =
  'Worst energy class (DPE) accepted: E hides F and G. Listings without a class (new builds) are kept. Null: any class.';

@ObjectType({ description: 'Saved search criteria: what the discovery while walking looks for.' })
class SearchFilters {
  @Field(() => PropertyStatusFilterEnum, { description: 'all, sale or rent.' })
  propertyStatus: TSearchFilters['propertyStatus'];
  @Field(() => PropertyTypeFilterEnum, { description: 'all or one kind of dwelling.' })
  propertyType: TSearchFilters['propertyType'];
  @Field(() => Float, { description: 'Discovery radius in km (0.5 to 5).' }) radius: number;
  @Field(() => Float, { nullable: true, description: 'Minimum price.' }) priceMin: number | null;
  @Field(() => Float, { nullable: true, description: 'Maximum price.' }) priceMax: number | null;
  @Field(() => Float, { nullable: true, description: 'Minimum living area (m²).' }) sizeMin: number | null;
  @Field(() => Float, { nullable: true, description: 'Maximum living area (m²).' }) sizeMax: number | null;
  @Field(() => [Int], { description: 'Accepted bedroom counts; 5 means 5 or more.' }) bedrooms: number[];
  @Field(() => Int, { nullable: true, description: 'Minimum number of rooms (« pièces », 1 to 20); null: any.' })
  roomsMin: number | null;
  @Field(() => [Int], { description: 'Accepted bathroom counts; 4 means 4 or more.' }) bathrooms: number[];
  @Field(() => [String], { description: 'Required features among balcony, terrace, parking, elevator, garden, pool.' })
  features: string[];
  @Field(() => [LatLng], { nullable: true, description: ZONE_DOC }) zone: LatLng[] | null;
  @Field(() => DpeRatingEnum, { nullable: true, description: ENERGY_DOC }) energyMax: DpeRating | null;
}

@InputType({ description: 'Search criteria to save; omitted fields take their defaults.' })
export class SearchFiltersInput {
  @Field(() => PropertyStatusFilterEnum, { nullable: true, description: 'all (default), sale or rent.' })
  propertyStatus?: TSearchFilters['propertyStatus'];
  @Field(() => PropertyTypeFilterEnum, { nullable: true, description: 'all (default) or one kind of dwelling.' })
  propertyType?: TSearchFilters['propertyType'];
  @Field(() => Float, { nullable: true, description: 'Discovery radius in km, 0.5 to 5 (default 2).' })
  radius?: number;
  @Field(() => Float, { nullable: true, description: 'Minimum price (per month for rentals); null: none.' })
  priceMin?: number | null;
  @Field(() => Float, { nullable: true, description: 'Maximum price (per month for rentals); null: none.' })
  priceMax?: number | null;
  @Field(() => Float, { nullable: true, description: 'Minimum living area (m²); null: none.' })
  sizeMin?: number | null;
  @Field(() => Float, { nullable: true, description: 'Maximum living area (m²); null: none.' })
  sizeMax?: number | null;
  @Field(() => [Int], { nullable: true, description: 'Accepted bedroom counts; 5 means 5 or more; empty: any.' })
  bedrooms?: number[];
  @Field(() => Int, { nullable: true, description: 'Minimum number of rooms (« pièces », 1 to 20); null: any.' })
  roomsMin?: number | null;
  @Field(() => [Int], { nullable: true, description: 'Accepted bathroom counts; 4 means 4 or more; empty: any.' })
  bathrooms?: number[];
  @Field(() => [String], {
    nullable: true,
    description: 'Required features among balcony, terrace, parking, elevator, garden, pool.',
  })
  features?: string[];
  @Field(() => [LatLngInput], { nullable: true, description: ZONE_DOC }) zone?: LatLngInput[] | null;
  @Field(() => DpeRatingEnum, { nullable: true, description: ENERGY_DOC }) energyMax?: DpeRating | null;
}

@ObjectType({ description: "A user's preferences." })
class Preferences {
  @Field(() => SearchFilters, { description: 'Saved search criteria.' })
  searchFilters: TSearchFilters;
}

/** Preferences over GraphQL; the rules live in PreferencesService. */
@Resolver()
export class PreferencesResolver {
  @Query(() => Preferences, { description: "The signed-in user's preferences (defaults for a new user)." })
  async preferences(@Ctx() ctx: Context): Promise<Preferences> {
    return { searchFilters: await ctx.services.preferences.get(ctx.viewer) };
  }

  @Mutation(() => Preferences, { description: "Saves the signed-in user's search criteria." })
  async savePreferences(
    @Arg('searchFilters', () => SearchFiltersInput, {
      description: 'The criteria to keep; they replace the saved ones.',
    })
    searchFilters: SearchFiltersInput,
    @Ctx() ctx: Context,
  ): Promise<Preferences> {
    return { searchFilters: await ctx.services.preferences.save(ctx.viewer, { ...searchFilters }) };
  }
}
