import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, ID, Info, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { readListings } from '../properties/property-price-reads';
import { HistoryEntry } from './history-entry.entity';
import { HistoryItem } from './history-item';

/** Découvertes over GraphQL; the rules live in HistoryService. */
@Resolver()
export class HistoryResolver {
  @Query(() => [HistoryItem], {
    description:
      'The signed-in user\'s Découvertes, newest first. `since`: a date "YYYY-MM-DD" (midnight Europe/Paris) or an ISO timestamp.',
  })
  history(
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
    @Arg('since', () => String, {
      nullable: true,
      description:
        'Only the discoveries made from this moment on (ISO 8601 date-time, e.g. the start of today in Europe/Paris); omitted: all of them.',
    })
    since?: string,
  ): Promise<HistoryItem[]> {
    return readListings(
      ctx,
      info,
      ['property'],
      (opts) => ctx.services.history.list(ctx.viewer, since, opts),
      (items) => items.map((i) => i.property),
    );
  }

  @Mutation(() => HistoryEntry, {
    description: 'Records that the signed-in user opened a listing (marks it "Déjà vu").',
  })
  recordView(
    @Arg('propertyId', () => ID, { description: 'The listing viewed.' }) propertyId: string,
    @Ctx() ctx: Context,
  ): Promise<HistoryEntry> {
    return ctx.services.history.recordView(ctx.viewer, propertyId);
  }
}
