import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { Topic } from '../../graphql/pubsub';
import { requireViewer } from '../../lib/viewer';
import { ConversationSummary, ConversationThread, ConversationUpdate } from './conversation.types';
import { Message } from './message.entity';

/** Conversations and messages over GraphQL; the rules live in ConversationsService and MessagesService. */
@Resolver()
export class ConversationsResolver {
  @Query(() => [ConversationSummary], {
    description: "The signed-in user's conversations, most recent activity first.",
  })
  conversations(@Ctx() ctx: Context): Promise<ConversationSummary[]> {
    return ctx.services.conversations.list(ctx.viewer);
  }

  @Query(() => ConversationThread, {
    description:
      'One conversation with its messages; FORBIDDEN "Cette conversation n\'existe pas ou vous n\'y avez pas accès." for anyone but its two participants.',
  })
  conversation(@Arg('id', () => ID, { description: 'The conversation.' }) id: string, @Ctx() ctx: Context) {
    return ctx.services.conversations.thread(ctx.viewer, id);
  }

  @Query(() => Int, { description: 'Unread messages addressed to the signed-in user, all conversations together.' })
  unreadMessageCount(@Ctx() ctx: Context): Promise<number> {
    return ctx.services.conversations.unreadCount(ctx.viewer);
  }

  @Mutation(() => ConversationSummary, {
    description:
      'Starts the conversation with another user about a listing (one of the two owns it), or answers the existing one: one per pair of users and listing, never with oneself.',
  })
  async startConversation(
    @Arg('otherUserId', () => ID, { description: 'The other participant (usually the listing owner).' })
    otherUserId: string,
    @Arg('propertyId', () => ID, { description: 'The listing it is about.' }) propertyId: string,
    @Ctx() ctx: Context,
  ): Promise<ConversationSummary> {
    const { id } = await ctx.services.conversations.start(ctx.viewer, otherUserId, propertyId);
    return ctx.services.conversations.summary(ctx.viewer, id);
  }

  @Mutation(() => Message, {
    description:
      'Sends a message: content at most 5000 characters, blank only with documents attached. Attached documents must be your own; the message is then a tenant_application and they become readable by the other participant, as a copy stamped with their name, until the share expires or you revoke it.',
  })
  sendMessage(
    @Arg('conversationId', () => ID, { description: 'The conversation.' }) conversationId: string,
    @Arg('content', () => String, { nullable: true, description: 'The text.' }) content: string | null,
    @Arg('attachedFileIds', () => [ID], {
      nullable: true,
      description: 'Your tenant documents to attach (a signed-in session only: refused to access tokens).',
    })
    attachedFileIds: string[] | null,
    @Arg('shareDays', () => Int, {
      nullable: true,
      description:
        'How long the attached documents stay readable by the other participant: 7, 30 (default) or 90 days.',
    })
    shareDays: number | null,
    @Ctx() ctx: Context,
  ): Promise<Message> {
    return ctx.services.messages.send(
      ctx.viewer,
      conversationId,
      { content, attachedFileIds, shareDays },
      ctx.token ?? null,
    );
  }

  @Mutation(() => ConversationSummary, {
    description: 'Marks as read the messages of the conversation addressed to the signed-in user; answers the row.',
  })
  async markConversationRead(
    @Arg('conversationId', () => ID, { description: 'The conversation.' }) conversationId: string,
    @Ctx() ctx: Context,
  ): Promise<ConversationSummary> {
    await ctx.services.messages.markRead(ctx.viewer, conversationId);
    return ctx.services.conversations.summary(ctx.viewer, conversationId);
  }

  // `subscribe` rather than `topics`/`topicId`: type-graphql calls topicId synchronously, so it cannot await
  // the participant check; the service checks, then subscribes to the conversation's topic.
  @Subscription(() => Message, {
    description:
      'New messages of a conversation, for its two participants only (refused when subscribing otherwise or without a session).',
    subscribe: ({ args, context }) =>
      (context as Context).services.messages.subscribe((context as Context).viewer, args.conversationId),
  })
  messageAdded(
    @Root() event: { messageId: number },
    @Arg('conversationId', () => ID, { description: 'The conversation.' }) _conversationId: string,
    @Ctx() ctx: Context,
  ): Promise<Message> {
    return ctx.services.messages.get(ctx.viewer, event.messageId);
  }

  @Subscription(() => ConversationUpdate, {
    description:
      "A row of the signed-in user's conversation list changed (new conversation, new message, read state), with the unread total. Needs a session.",
    topics: Topic.ConversationUpdated,
    topicId: ({ context }) => requireViewer((context as Context).viewer).id,
  })
  conversationUpdated(@Root() event: { conversationId: number }, @Ctx() ctx: Context): Promise<ConversationUpdate> {
    return ctx.services.conversations.update(ctx.viewer, event.conversationId);
  }
}
