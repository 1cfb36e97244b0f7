import { Arg, Ctx, Field, Float, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';

@ObjectType({ description: 'Quiet hours on the Europe/Paris clock: no alert from start to end (may cross midnight).' })
class QuietHours {
  @Field({ description: '"HH:mm", included.' }) start: string;
  @Field({ description: '"HH:mm", excluded.' }) end: string;
}

@ObjectType({ description: "The signed-in user's Web Push alert settings." })
class NotificationSettings {
  @Field({ description: 'Alerts when passing by listings that match the search (default true).' })
  passingAlerts: boolean;
  @Field({ description: 'Alerts of new messages and visit requests (default true).' })
  messageAlerts: boolean;
  @Field(() => QuietHours, {
    nullable: true,
    description: 'No alert in this window (default 21:30–08:00); null: none.',
  })
  quietHours: QuietHours | null;
  @Field(() => Int, { description: 'Passing alerts a day at most, 1 to 50 (default 15).' })
  maxPerDay: number;
  @Field(() => Int, { description: 'Minutes between two passing alerts at least, 0 to 120 (default 2).' })
  minIntervalMinutes: number;
}

@InputType({ description: 'Quiet hours, "HH:mm" on the Europe/Paris clock.' })
class QuietHoursInput {
  @Field({ description: '"HH:mm", included.' }) start: string;
  @Field({ description: '"HH:mm", excluded.' }) end: string;
}

@InputType({ description: 'Settings to change; omitted fields keep their value, quietHours: null removes them.' })
class NotificationSettingsInput {
  @Field({ nullable: true, description: 'Alerts when passing by listings that match the search.' })
  passingAlerts?: boolean;
  @Field({ nullable: true, description: 'Alerts of new messages and visit requests.' })
  messageAlerts?: boolean;
  @Field(() => QuietHoursInput, { nullable: true, description: 'No alert in this window; null removes it.' })
  quietHours?: QuietHoursInput | null;
  @Field(() => Int, { nullable: true, description: 'Passing alerts a day at most, 1 to 50.' })
  maxPerDay?: number;
  @Field(() => Int, { nullable: true, description: 'Minutes between two passing alerts at least, 0 to 120.' })
  minIntervalMinutes?: number;
}

@InputType({ description: 'The keys of a browser push subscription (base64url).' })
class PushSubscriptionKeysInput {
  @Field({ description: "The device's P-256 public key." }) p256dh: string;
  @Field({ description: 'The 16-byte authentication secret.' }) auth: string;
}

@InputType({ description: "A browser's PushSubscription.toJSON()." })
class PushSubscriptionInput {
  @Field({ description: 'The push service URL.' }) endpoint: string;
  @Field(() => Float, { nullable: true, description: 'When the subscription ends (ms since 1970), if known.' })
  expirationTime?: number | null;
  @Field(() => PushSubscriptionKeysInput, { description: 'The encryption keys of the subscription.' })
  keys: PushSubscriptionKeysInput;
}

@ObjectType({ description: 'The stored device.' })
class PushSubscriptionResult {
  @Field(() => ID) id: number;
}

/** Web Push devices and alert settings over GraphQL; the rules live in NotificationsService. */
@Resolver()
export class NotificationsResolver {
  @Query(() => String, { description: 'The VAPID public key to subscribe with (applicationServerKey), base64url.' })
  pushPublicKey(@Ctx() ctx: Context): string {
    return ctx.services.notifications.publicKey();
  }

  @Query(() => NotificationSettings, { description: "The signed-in user's alert settings (defaults until changed)." })
  notificationSettings(@Ctx() ctx: Context): Promise<NotificationSettings> {
    return ctx.services.notifications.settings(ctx.viewer);
  }

  @Mutation(() => NotificationSettings, { description: 'Changes some alert settings; answers all of them.' })
  updateNotificationSettings(
    @Arg('input', () => NotificationSettingsInput, { description: 'The alert settings to change.' })
    input: NotificationSettingsInput,
    @Ctx() ctx: Context,
  ): Promise<NotificationSettings> {
    return ctx.services.notifications.updateSettings(ctx.viewer, { ...input });
  }

  @Mutation(() => PushSubscriptionResult, {
    description:
      'Stores a device of the signed-in user (10 at most: the next replaces the oldest); the same endpoint again updates it.',
  })
  async subscribePush(
    @Arg('subscription', () => PushSubscriptionInput, {
      description: "The browser's push subscription (PushSubscription.toJSON()).",
    })
    subscription: PushSubscriptionInput,
    @Ctx() ctx: Context,
  ): Promise<PushSubscriptionResult> {
    const { id } = await ctx.services.notifications.subscribe(ctx.viewer, {
      ...subscription,
      keys: { ...subscription.keys },
    });
    return { id };
  }

  @Mutation(() => Boolean, {
    description: "Removes one of the signed-in user's devices; false when it was not theirs.",
  })
  unsubscribePush(
    @Arg('endpoint', () => String, { description: 'The push service URL of the subscription to remove.' })
    endpoint: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    return ctx.services.notifications.unsubscribe(ctx.viewer, endpoint);
  }

  @Mutation(() => Int, {
    description: "Sends a test notification to the signed-in user's devices (whatever the settings); answers how many.",
  })
  sendTestNotification(@Ctx() ctx: Context): Promise<number> {
    return ctx.services.notifications.sendTest(ctx.viewer);
  }
}
