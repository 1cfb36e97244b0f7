import { FEED_IMPORT_STATUS_LABELS, FEED_LIMITS } from '@flaneur/schema';
import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { Topic, type TopicArgs } from '../../graphql/pubsub';
import { FileUpload, UploadScalar } from '../../graphql/upload-scalar';
import { requireViewer } from '../../lib/viewer';
import { readUpload } from '../uploads/incoming-file';
import { FeedImport, FeedImportLine } from './feed-import.entity';
import { FeedSource } from './feed-source.entity';

/** Agency feeds over GraphQL; the rules live in FeedsService. */
@Resolver(() => FeedImport)
export class FeedsResolver {
  @Mutation(() => FeedImport, {
    description:
      "Uploads the agency's Poliris feed (a ZIP holding Annonces.csv and the photos) and queues its import; professional accounts only (FORBIDDEN otherwise), one import at a time (CONFLICT).",
  })
  async importFeed(
    @Arg('feed', () => UploadScalar, { description: 'The Poliris ZIP.' }) feed: Promise<FileUpload>,
    @Ctx() ctx: Context,
  ): Promise<FeedImport> {
    requireViewer(ctx.viewer);
    return ctx.services.feeds.start(ctx.viewer, await readUpload(feed, FEED_LIMITS.zipMaxBytes));
  }

  @Query(() => FeedImport, { description: 'One of your feed imports, with its report; NOT_FOUND otherwise.' })
  feedImport(
    @Arg('id', () => ID, { description: 'The import.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<FeedImport> {
    return ctx.services.feeds.get(ctx.viewer, id);
  }

  @Query(() => [FeedImport], { description: 'Your latest feed imports (10), newest first.' })
  feedImports(@Ctx() ctx: Context): Promise<FeedImport[]> {
    return ctx.services.feeds.list(ctx.viewer);
  }

  @Query(() => FeedSource, {
    nullable: true,
    description: 'The HTTPS address your feed is fetched from every night; null when none is registered.',
  })
  feedSource(@Ctx() ctx: Context): Promise<FeedSource | null> {
    return ctx.services.feedSources.get(ctx.viewer);
  }

  @Mutation(() => FeedSource, {
    description:
      'Registers (or replaces) the public HTTPS address fetched and imported every night; BAD_USER_INPUT for any other URL.',
  })
  setFeedSource(
    @Arg('url', { description: 'The HTTPS address of the Poliris ZIP.' }) url: string,
    @Ctx() ctx: Context,
  ): Promise<FeedSource> {
    return ctx.services.feedSources.set(ctx.viewer, url);
  }

  @Mutation(() => Boolean, { description: 'Stops the nightly fetch; answers whether an address was registered.' })
  removeFeedSource(@Ctx() ctx: Context): Promise<boolean> {
    return ctx.services.feedSources.remove(ctx.viewer);
  }

  @Mutation(() => Boolean, {
    description: 'Fetches the registered address now (NOT_FOUND when none, CONFLICT while an import runs); true.',
  })
  async fetchFeedSource(@Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.feedSources.fetchNow(ctx.viewer);
    return true;
  }

  @Subscription(() => FeedImport, {
    topics: Topic.FeedImportChanged,
    topicId: ({ context }: { context: Context }) => requireViewer(context.viewer).id,
    description:
      'One of your feed imports moved on: started, every 25 lines (the counts), done or failed. Its report is read when asked.',
  })
  feedImportChanged(
    @Root() payload: TopicArgs[typeof Topic.FeedImportChanged][1],
    @Ctx() ctx: Context,
  ): Promise<FeedImport> {
    return ctx.services.feeds.one(ctx.viewer, payload.importId);
  }

  @FieldResolver(() => String, { description: 'The status in French: en attente, en cours, terminé, échoué.' })
  statusLabel(@Root() row: FeedImport): string {
    return FEED_IMPORT_STATUS_LABELS[row.status];
  }

  @FieldResolver(() => [FeedImportLine], {
    description: 'The per-line report (line, reference, field, reason), in file order; read on one import.',
  })
  async report(
    @Root() row: FeedImport & { report?: FeedImportLine[] },
    @Ctx() ctx: Context,
  ): Promise<FeedImportLine[]> {
    return row.report ?? (await ctx.services.feeds.get(ctx.viewer, row.id)).report;
  }
}
