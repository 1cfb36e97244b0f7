import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Field, ID, Info, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { Property } from '../properties/property.entity';
import { readListings } from '../properties/property-price-reads';
import { Favorite } from './favorite.entity';

@ObjectType({ description: 'A favourite with its listing.' })
class FavoriteItem {
  @Field(() => Favorite, { description: 'The favourite.' })
  favorite: Favorite;

  @Field(() => Property, { description: 'The listing.' })
  property: Property;
}

/** Favourites over GraphQL; the rules live in FavoritesService. */
@Resolver()
export class FavoritesResolver {
  @Query(() => [FavoriteItem], { description: "The signed-in user's favourites, newest first." })
  favorites(@Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<FavoriteItem[]> {
    return readListings(
      ctx,
      info,
      ['property'],
      (opts) => ctx.services.favorites.list(ctx.viewer, opts),
      (items) => items.map((i) => i.property),
    );
  }

  @Query(() => Boolean, { description: "Whether the listing is among the signed-in user's favourites." })
  isFavorite(
    @Arg('propertyId', () => ID, { description: 'The listing.' }) propertyId: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    return ctx.services.favorites.isFavorite(ctx.viewer, propertyId);
  }

  @Mutation(() => FavoriteItem, { description: 'Adds a favourite; adding it again changes nothing.' })
  addFavorite(
    @Arg('propertyId', () => ID, { description: 'The listing to keep among the favourites.' }) propertyId: string,
    @Ctx() ctx: Context,
  ): Promise<FavoriteItem> {
    return ctx.services.favorites.add(ctx.viewer, propertyId);
  }

  @Mutation(() => Boolean, { description: 'Removes a favourite; removing a missing one is not an error.' })
  async removeFavorite(
    @Arg('propertyId', () => ID, { description: 'The listing to remove from the favourites.' }) propertyId: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.favorites.remove(ctx.viewer, propertyId);
    return true;
  }
}
