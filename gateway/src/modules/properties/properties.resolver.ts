import { LIMITS, MSG } from '@flaneur/schema';
import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, Float, ID, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { FileUpload, UploadScalar } from '../../graphql/upload-scalar';
import { forbidden, unauthenticated } from '../../lib/errors';
import { requireViewer } from '../../lib/viewer';
import { readUpload } from '../uploads/incoming-file';
import { PublicUser, toPublicUser } from '../users/public-user.type';
import { Property, rentControlledOf } from './property.entity';
import { Photo, photosOf } from './property-photo';
import { PropertyStats, readInList } from './property-stats';
import { PricePoint } from './property-price.entity';
import { formerPriceOf, PRICE_DROP_SHOWN_DAYS } from './property-price-history';
import { readListings } from './property-price-reads';
import { PropertyConnection, PropertyFilterInput, PropertyInput } from './property.types';
import type { PropertyNear } from './properties.service';

/** Listings over GraphQL; the rules live in PropertiesService. */
@Resolver(() => Property)
export class PropertiesResolver {
  @Query(() => Property, { description: 'One listing by id; NOT_FOUND when it does not exist.' })
  property(
    @Arg('id', () => ID, { description: 'The listing.' }) id: string,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Property> {
    // Its prices, when asked, in the listing's own statement.
    return readListings(
      ctx,
      info,
      [],
      (opts) => ctx.services.properties.get(id, { ...opts, viewer: ctx.viewer }),
      (p) => [p],
    );
  }

  @Query(() => PropertyConnection, {
    description:
      'Searches listings, newest first (nearest first with filter.near), a page at a time (first ≤ 100); `after` takes the endCursor of the previous page of the same search.',
  })
  async properties(
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
    @Arg('filter', () => PropertyFilterInput, {
      nullable: true,
      description: 'What the listings must match; omitted: every listing.',
    })
    filter?: PropertyFilterInput,
    @Arg('first', () => Int, { nullable: true, description: 'How many listings to return.' }) first?: number,
    @Arg('after', () => String, {
      nullable: true,
      description: 'Return the listings after this cursor (endCursor of the previous page).',
    })
    after?: string,
  ): Promise<PropertyConnection> {
    const pageArgs = { first: first ?? undefined, after: after ?? undefined };
    const page = await readListings(
      ctx,
      info,
      ['nodes'],
      (opts) => ctx.services.properties.search(filter ?? {}, pageArgs, undefined, opts),
      (pg) => pg.nodes,
    );
    return { nodes: page.nodes, pageInfo: { endCursor: page.endCursor, hasNextPage: page.hasNextPage } };
  }

  @Query(() => [Property], { description: "The signed-in user's listings (Mes annonces)." })
  myProperties(@Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<Property[]> {
    return readListings(
      ctx,
      info,
      [],
      (opts) => ctx.services.properties.mine(ctx.viewer, opts),
      (list) => list,
    );
  }

  @Mutation(() => Property, { description: 'Publishes a listing; the first one makes the user a landlord.' })
  createProperty(
    @Arg('input', () => PropertyInput, { description: 'The new listing.' }) input: PropertyInput,
    @Ctx() ctx: Context,
  ): Promise<Property> {
    return ctx.services.properties.create(ctx.viewer, input);
  }

  @Mutation(() => Property, { description: 'Changes a listing; owner only.' })
  updateProperty(
    @Arg('id', () => ID, { description: 'The listing to change (one of yours).' }) id: string,
    @Arg('input', () => PropertyInput, { description: 'The listing with its new values.' }) input: PropertyInput,
    @Ctx() ctx: Context,
  ): Promise<Property> {
    return ctx.services.properties.update(ctx.viewer, id, input);
  }

  @Mutation(() => Boolean, { description: 'Deletes a listing; owner only. Its favourites and history go with it.' })
  async deleteProperty(
    @Arg('id', () => ID, { description: 'The listing to delete (one of yours).' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.properties.delete(ctx.viewer, id);
    return true;
  }

  @Mutation(() => [String], {
    description: `Uploads ${LIMITS.imagesPerListingMin} to ${LIMITS.imagesPerListingMax} listing photos (≤ ${LIMITS.listingImageMaxBytes / 2 ** 20} MB each); answers their URLs.`,
  })
  async uploadPropertyImages(
    @Arg('files', () => [UploadScalar], { description: 'The photos: any raster image type, 10 MB each, 15 at most.' })
    files: Promise<FileUpload>[],
    @Ctx() ctx: Context,
  ): Promise<string[]> {
    // Refused before any file is read (the transport already checked the viewer and spent the budget).
    requireViewer(ctx.viewer);
    ctx.services.uploads.assertListingImageCount(files.length);
    const read = [];
    for (const f of files) read.push(await readUpload(f, LIMITS.listingImageMaxBytes));
    return ctx.services.uploads.storeListingImages(ctx.viewer, read);
  }

  @FieldResolver(() => [Photo], {
    description: 'The photos (same order as images) with their stored widths, for responsive <img srcset>.',
  })
  photos(@Root() p: Property): Photo[] {
    return photosOf(p.images);
  }

  @FieldResolver(() => Boolean, {
    description: 'A rental in a rent-control territory today (from the shared zone table); read-only.',
  })
  rentControlled(@Root() p: Property): boolean {
    return rentControlledOf(p);
  }

  @FieldResolver(() => Int, {
    nullable: true,
    description:
      'Great-circle distance in whole metres from the point of a properties(filter: { near }) search; null elsewhere.',
  })
  distanceM(@Root() p: PropertyNear): number | null {
    return p.distanceM ?? null;
  }

  @FieldResolver(() => [PricePoint], {
    description:
      'Every price of the listing, oldest first: its publication price, then one point per change of the price (batched).',
  })
  async priceHistory(@Root() p: Property, @Ctx() ctx: Context): Promise<PricePoint[]> {
    const history = await ctx.loaders.priceHistory.load(p.id);
    return history.map((h) => ({ price: Number(h.price), changedAt: h.changedAt }));
  }

  @FieldResolver(() => Float, {
    nullable: true,
    description: `The price before the latest change when that change is a drop made in the last ${PRICE_DROP_SHOWN_DAYS} days (« Prix en baisse »); null otherwise (batched).`,
  })
  async formerPrice(@Root() p: Property, @Ctx() ctx: Context): Promise<number | null> {
    const former = formerPriceOf(await ctx.loaders.priceHistory.load(p.id));
    return former === null ? null : Number(former);
  }

  @FieldResolver(() => PropertyStats, {
    nullable: true,
    description:
      "The walk-by funnel of the listing over the last `days` days and the period before (batched), for its owner only. On one listing (property(id)) anyone else gets FORBIDDEN (UNAUTHENTICATED signed out); inside a list of listings, someone else's listing answers null so the list never fills with errors. days other than 7 or 30: BAD_USER_INPUT.",
  })
  async stats(
    @Root() p: Property,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
    @Arg('days', () => Int, { nullable: true, defaultValue: 30, description: 'Length of the period: 7 or 30 days.' })
    days?: number | null,
  ): Promise<PropertyStats | null> {
    if (!ctx.services.properties.isOwnedBy(p, ctx.viewer)) {
      if (readInList(info)) return null;
      throw ctx.viewer ? forbidden(MSG.propertyForbidden) : unauthenticated();
    }
    return ctx.loaders.propertyStats.load({ id: p.id, days: ctx.services.properties.statsDays(days) });
  }

  @Mutation(() => Property, {
    description:
      "« Je suis devant le bien »: marks the listing « Vérifié sur place » (verifiedOnSiteAt = now) when the owner's fix is precise (accuracy ≤ 30 m) and within 60 m of the listing's coordinates, both included; otherwise BAD_USER_INPUT « Vous devez être devant le bien pour le vérifier ». Owner only (FORBIDDEN for anyone else); signed-in sessions only.",
  })
  verifyOnSite(
    @Arg('propertyId', () => ID, { description: 'The listing being checked on site.' }) propertyId: string,
    @Arg('latitude', () => Float, { description: 'Latitude of the fix (WGS 84 degrees).' }) latitude: number,
    @Arg('longitude', () => Float, { description: 'Longitude of the fix (WGS 84 degrees).' }) longitude: number,
    @Arg('accuracy', () => Float, { description: 'Accuracy radius of the fix, metres.' }) accuracy: number,
    @Ctx() ctx: Context,
  ): Promise<Property> {
    return ctx.services.properties.verifyOnSite(ctx.viewer, propertyId, { latitude, longitude, accuracy });
  }

  @FieldResolver(() => PublicUser, { nullable: true, description: 'The account that published the listing (batched).' })
  async owner(@Root() p: Property, @Ctx() ctx: Context): Promise<PublicUser | null> {
    if (!p.ownerId) return null;
    const user = await ctx.loaders.user.load(p.ownerId);
    return user ? toPublicUser(user) : null;
  }
}
