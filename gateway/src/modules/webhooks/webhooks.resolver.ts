import { Arg, Ctx, Field, ID, InputType, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { Webhook, WebhookDelivery } from './webhook.entities';

@InputType({ description: 'A new webhook.' })
class CreateWebhookInput {
  @Field({ description: 'The receiver: https on a public address (http on loopback outside production).' })
  url: string;

  @Field(() => [String], { description: 'At least one event (see Webhook.events).' })
  events: string[];
}

@ObjectType({ description: 'A webhook just created: its signing secret, shown this once and never again.' })
class CreatedWebhook {
  @Field(() => Webhook)
  webhook: Webhook;

  @Field({ description: 'whsec_…: verify the webhook-signature header with it (Standard Webhooks).' })
  secret: string;
}

/** Integrators' webhooks over GraphQL (cookie session or the webhooks scope); the rules live in WebhooksService. */
@Resolver()
export class WebhooksResolver {
  @Query(() => [Webhook], { description: "The signed-in user's webhooks, oldest first." })
  webhooks(@Ctx() ctx: Context): Promise<Webhook[]> {
    return ctx.services.webhooks.list(ctx.viewer);
  }

  @Query(() => [WebhookDelivery], { description: "A webhook's latest 50 deliveries, newest first." })
  webhookDeliveries(
    @Arg('webhookId', () => ID, { description: 'The webhook (one of yours).' }) webhookId: string,
    @Ctx() ctx: Context,
  ): Promise<WebhookDelivery[]> {
    return ctx.services.webhooks.deliveries(ctx.viewer, webhookId);
  }

  @Mutation(() => CreatedWebhook, { description: 'Registers a webhook (10 per user at most).' })
  createWebhook(
    @Arg('input', () => CreateWebhookInput, { description: 'The new webhook.' }) input: CreateWebhookInput,
    @Ctx() ctx: Context,
  ): Promise<CreatedWebhook> {
    return ctx.services.webhooks.create(ctx.viewer, { ...input }, ctx.token ?? null);
  }

  @Mutation(() => Boolean, { description: 'Deletes one of your webhooks and its deliveries.' })
  async deleteWebhook(
    @Arg('id', () => ID, { description: 'The webhook to delete (one of yours).' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.webhooks.delete(ctx.viewer, id);
    return true;
  }
}
