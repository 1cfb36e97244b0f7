import { Arg, Ctx, Field, Float, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import type { GeocodedAddressData } from './geocoding.service';

@ObjectType({ description: 'An address found by the geocoder (French national address base).' })
export class GeocodedAddress implements GeocodedAddressData {
  @Field({ description: 'The full address, e.g. "8 Boulevard du Port 80000 Amiens".' })
  label: string;

  @Field(() => String, { nullable: true, description: 'City.' })
  city: string | null;

  @Field(() => String, { nullable: true, description: 'Postal code.' })
  postcode: string | null;

  @Field(() => Float, { description: 'Latitude (WGS 84).' })
  latitude: number;

  @Field(() => Float, { description: 'Longitude (WGS 84).' })
  longitude: number;

  @Field(() => Float, { description: 'Relevance of the match, from 0 to 1.' })
  score: number;
}

/** Address look-ups over GraphQL; the rules live in GeocodingService. */
@Resolver()
export class GeocodingResolver {
  @Query(() => [GeocodedAddress], {
    description:
      'At most 5 addresses matching `query` (3 to 200 characters), best first; no sign-in needed. SERVICE_UNAVAILABLE ' +
      "« Le service d'adresses est injoignable… » when the geocoder cannot be reached; TOO_MANY_REQUESTS past 60 " +
      'look-ups a minute.',
  })
  geocode(
    @Arg('query', { description: 'The address as typed (3 to 200 characters).' }) query: string,
    @Ctx() ctx: Context,
  ): Promise<GeocodedAddress[]> {
    return ctx.services.geocoding.search({ viewer: ctx.viewer, ip: ctx.meta?.ip ?? 'unknown' }, query);
  }
}
