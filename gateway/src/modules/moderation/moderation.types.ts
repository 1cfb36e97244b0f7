import { LISTING_SIGNALS, type ListingSignal } from '@flaneur/schema';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';

export const ListingSignalEnum = Object.fromEntries(LISTING_SIGNALS.map((v) => [v, v])) as {
  [K in ListingSignal]: K;
};
registerEnumType(ListingSignalEnum, {
  name: 'ListingSignal',
  description:
    'meme_bien_autre_compte, photos_autre_compte, republiee, compte_recent_rafale, coordonnees_partagees (their French reasons in the queue).',
});

/** A listing in the moderation queue. */
@ObjectType({ description: 'A listing of the moderation queue, with its reports and message signals.' })
export class QueueListing {
  @Field(() => ID, { description: 'The listing.' })
  propertyId: number;

  @Field({ description: 'Its title.' })
  title: string;

  @Field(() => ID, { nullable: true, description: 'Its owner.' })
  ownerId: number | null;

  @Field(() => String, { nullable: true, description: "Its owner's username." })
  ownerUsername: string | null;

  @Field({ description: 'Whether moderation hides it now.' })
  hidden: boolean;

  @Field(() => Int, { description: 'Reports of the listing.' })
  reportCount: number;

  @Field(() => Int, { description: "Flagged messages of its owner in the listing's conversations." })
  flaggedMessageCount: number;

  @Field(() => [ListingSignalEnum], {
    description:
      'The signals raised on the listing when it was published or changed (same home or photos as another account, relisted, new account publishing in bulk, contact details on several accounts).',
  })
  signals: ListingSignal[];

  @Field(() => Int, { description: 'The rank: reports plus flagged messages plus listing signals.' })
  score: number;

  @Field(() => [String], {
    description: 'Why, in French: the reasons of the reports, of the message signals and of the listing signals.',
  })
  reasons: string[];
}

/** An account in the moderation queue. */
@ObjectType({ description: 'An account of the moderation queue, with its reports and message signals.' })
export class QueueAccount {
  @Field(() => ID, { description: 'The account.' })
  userId: number;

  @Field({ description: 'Its username.' })
  username: string;

  @Field({ description: 'Whether moderation suspends it now.' })
  suspended: boolean;

  @Field(() => Int, { description: 'Reports about the account (of it, of its listings, of its conversations).' })
  reportCount: number;

  @Field(() => Int, { description: 'Its messages the detector flagged.' })
  flaggedMessageCount: number;

  @Field(() => [ListingSignalEnum], {
    description: 'The signals raised on its listings (each once), never shown to the account itself.',
  })
  signals: ListingSignal[];

  @Field(() => Int, { description: 'The rank: reports plus flagged messages plus the signals of its listings.' })
  score: number;

  @Field(() => [String], { description: 'Why, in French: the reasons of the reports and of the signals.' })
  reasons: string[];
}

/** The moderation queue. */
@ObjectType({ description: 'What the moderators look at first, highest score first (50 of each at most).' })
export class ModerationQueue {
  @Field(() => [QueueListing], { description: 'Listings, highest score first.' })
  listings: QueueListing[];

  @Field(() => [QueueAccount], { description: 'Accounts, highest score first.' })
  accounts: QueueAccount[];
}
