import { LIMITS } from '@flaneur/schema';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { FileUpload, UploadScalar } from '../../graphql/upload-scalar';
import { requireViewer } from '../../lib/viewer';
import { readUpload } from '../uploads/incoming-file';
import { PublicUser, toPublicUser } from '../users/public-user.type';
import { Property, rentControlledOf } from './property.entity';
import { Photo, photosOf } from './property-photo';
import { PropertyStats } from './property-stats';
import { PropertyConnection, PropertyFilterInput, PropertyInput } from './property.types';
import type { PropertyNear } from './properties.service';

/** Listings over GraphQL; the rules live in PropertiesService. */
@Resolver(() => Property)
export class PropertiesResolver {
  @Query(() => Property, { description: 'One listing by id; NOT_FOUND when it does not exist.' })
  property(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Property> {
    return ctx.services.properties.get(id);
  }

  @Query(() => PropertyConnection, {
    description:
      'Searches listings, newest first (nearest first with filter.near), a page at a time (first ≤ 100); `after` takes the endCursor of the previous page of the same search.',
  })
  async properties(
    @Ctx() ctx: Context,
    @Arg('filter', () => PropertyFilterInput, { nullable: true }) filter?: PropertyFilterInput,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<PropertyConnection> {
    const page = await ctx.services.properties.search(filter ?? {}, {
      first: first ?? undefined,
      after: after ?? undefined,
    });
    return { nodes: page.nodes, pageInfo: { endCursor: page.endCursor, hasNextPage: page.hasNextPage } };
  }

  @Query(() => [Property], { description: "The signed-in user's listings (Mes annonces)." })
  myProperties(@Ctx() ctx: Context): Promise<Property[]> {
    return ctx.services.properties.mine(ctx.viewer);
  }

  @Mutation(() => Property, { description: 'Publishes a listing; the first one makes the user a landlord.' })
  createProperty(@Arg('input', () => PropertyInput) input: PropertyInput, @Ctx() ctx: Context): Promise<Property> {
    return ctx.services.properties.create(ctx.viewer, input);
  }

  @Mutation(() => Property, { description: 'Changes a listing; owner only.' })
  updateProperty(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => PropertyInput) input: PropertyInput,
    @Ctx() ctx: Context,
  ): Promise<Property> {
    return ctx.services.properties.update(ctx.viewer, id, input);
  }

  @Mutation(() => Boolean, { description: 'Deletes a listing; owner only. Its favourites and history go with it.' })
  async deleteProperty(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.properties.delete(ctx.viewer, id);
    return true;
  }

  @Mutation(() => [String], {
    description: `Uploads ${LIMITS.imagesPerListingMin} to ${LIMITS.imagesPerListingMax} listing photos (≤ ${LIMITS.listingImageMaxBytes / 2 ** 20} MB each); answers their URLs.`,
  })
  async uploadPropertyImages(
    @Arg('files', () => [UploadScalar]) files: Promise<FileUpload>[],
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

  @FieldResolver(() => PropertyStats, {
    nullable: true,
    description: 'Views, favourites and conversations of the listing (batched); null unless the viewer is its owner.',
  })
  async stats(@Root() p: Property, @Ctx() ctx: Context): Promise<PropertyStats | null> {
    if (!ctx.services.properties.isOwnedBy(p, ctx.viewer)) return null;
    return ctx.loaders.propertyStats.load(p.id);
  }

  @FieldResolver(() => PublicUser, { nullable: true, description: 'The account that published the listing (batched).' })
  async owner(@Root() p: Property, @Ctx() ctx: Context): Promise<PublicUser | null> {
    if (!p.ownerId) return null;
    const user = await ctx.loaders.user.load(p.ownerId);
    return user ? toPublicUser(user) : null;
  }
}
