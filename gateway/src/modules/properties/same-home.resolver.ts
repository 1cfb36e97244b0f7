import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { Property } from './property.entity';
import { Publisher } from './same-home';

/** Property.alsoPublishedBy: the other accounts publishing the same home (batched; rule in same-home.ts). */
@Resolver(() => Property)
export class SameHomeResolver {
  @FieldResolver(() => [Publisher], {
    description:
      'The other accounts publishing the same home (same postal code, city, address, rooms, surface and transaction type), one per account, in the order their listings are shown; empty for most listings. Découvertes and the Explorer list the home once, under the listing shown first (batched).',
  })
  alsoPublishedBy(@Root() p: Property, @Ctx() ctx: Context): Promise<Publisher[]> {
    return ctx.loaders.alsoPublishedBy.load(p.id);
  }
}
