import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Property } from '../properties/property.entity';
import { PublicUser } from '../users/public-user.type';
import { Conversation } from './conversation.entity';
import { Message } from './message.entity';

/** A row of the viewer's conversation list (the legacy list item). */
@ObjectType({ description: "A row of the signed-in user's conversation list." })
export class ConversationSummary {
  @Field(() => ID, { description: 'Identifier of the conversation.' })
  id: number;

  @Field(() => PublicUser, { description: 'The other participant.' })
  participant: PublicUser;

  @Field(() => Date, { description: 'Time of the last message (or of the creation when there is none).' })
  lastActivityAt: Date;

  @Field(() => Int, { description: 'Messages addressed to the signed-in user and not read yet.' })
  unreadCount: number;

  @Field(() => ID, { nullable: true, description: 'The listing it is about; null once the listing was deleted.' })
  propertyId: number | null;

  @Field({ description: 'Title of the listing, or "Annonce supprimée" once it was deleted.' })
  propertyTitle: string;

  @Field({
    description:
      "Whether the opened conversation shows the reader a warning (scam signals in the other participant's messages, or their account suspended).",
  })
  warned: boolean;
}

/** A calm warning shown to the reader of a conversation (scam signals in the other side's messages, suspension). */
@ObjectType({ description: 'A warning to the reader of a conversation, with what to report.' })
export class TrustWarning {
  @Field({ description: 'The French text of the warning.' })
  message: string;

  @Field(() => [String], { description: 'The signals found in the messages of the other participant (codes).' })
  signals: string[];

  @Field({ description: 'What the « Signaler » link reports: conversation.' })
  reportTargetType: string;

  @Field(() => ID, { description: 'The id the report link sends (this conversation).' })
  reportTargetId: number;
}

/** One conversation as opened (the legacy detail response). */
@ObjectType({ description: 'A conversation with its messages, the other participant and the listing.' })
export class ConversationThread {
  @Field(() => Conversation, { description: 'The conversation.' })
  conversation: Conversation;

  @Field(() => [Message], { description: 'Its messages, oldest first.' })
  messages: Message[];

  @Field(() => PublicUser, { description: 'The other participant.' })
  participant: PublicUser;

  @Field(() => Property, { nullable: true, description: 'The listing; null once it was deleted.' })
  property: Property | null;

  @Field({ description: 'Title of the listing, or "Annonce supprimée" once it was deleted.' })
  propertyTitle: string;

  @Field(() => TrustWarning, {
    nullable: true,
    description:
      "A warning for the reader: scam signals in the other participant's messages, or their account suspended.",
  })
  trustWarning: TrustWarning | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Shown before sending documents to the other participant: their account is under 7 days old, reported, suspended, or their messages or listings carry scam signals; null otherwise.',
  })
  documentsWarning: string | null;
}

/** What conversationUpdated delivers. */
@ObjectType({ description: "A row of the signed-in user's conversation list changed (new message, read state)." })
export class ConversationUpdate {
  @Field(() => ConversationSummary, { description: 'The row as it is now.' })
  conversation: ConversationSummary;

  @Field(() => Int, { description: 'Unread messages addressed to the signed-in user, all conversations together.' })
  unreadMessageCount: number;
}
