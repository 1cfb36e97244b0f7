import { LISTING_STATES } from '@flaneur/schema';
import { registerEnumType } from 'type-graphql';

/** The GraphQL enum of the listing publication state, from the shared tuple. */
export const ListingStateEnum = Object.fromEntries(LISTING_STATES.map((v) => [v, v])) as {
  [K in (typeof LISTING_STATES)[number]]: K;
};

registerEnumType(ListingStateEnum, {
  name: 'ListingState',
  description: 'published (listed and discoverable), draft (its owner only) or withdrawn (« Annonce retirée »).',
});
