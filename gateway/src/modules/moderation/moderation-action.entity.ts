import {
  MODERATION_ACTIONS,
  MODERATION_TARGET_TYPES,
  type ModerationActionKind,
  type ModerationTargetType,
} from '@flaneur/schema';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

const asEnum = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };

export const ModerationTargetTypeEnum = asEnum(MODERATION_TARGET_TYPES);
export const ModerationActionKindEnum = asEnum(MODERATION_ACTIONS);
registerEnumType(ModerationTargetTypeEnum, {
  name: 'ModerationTargetType',
  description: 'What a moderator acts on: property (a listing) or user (an account).',
});
registerEnumType(ModerationActionKindEnum, {
  name: 'ModerationActionKind',
  description: 'hide / restore (a listing), warn / suspend / reinstate (an account).',
});

/**
 * A moderator's decision (table moderation_actions), kept forever: who, on what, why, when; the owner it concerns
 * reads it with its reason and may contest it once.
 */
@ObjectType({
  description: 'A moderation decision, with its reason, as the moderators and the owner concerned see it.',
})
@Entity('moderation_actions')
@Index('IDX_moderation_actions_target', ['targetType', 'targetId'])
export class ModerationAction {
  @Field(() => ID, { description: 'Identifier.' })
  @PrimaryGeneratedColumn()
  id: number;

  /** The moderator (kept when their account goes: the log outlives it). */
  @Column({ type: 'integer', nullable: true })
  moderatorId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'moderator_id' })
  moderator?: User | null;

  @Field(() => ModerationTargetTypeEnum, { description: 'What was acted on.' })
  @Column({ type: 'enum', enum: MODERATION_TARGET_TYPES, enumName: 'moderation_target_type' })
  targetType: ModerationTargetType;

  @Field(() => ID, { description: 'The listing or account id.' })
  @Column({ type: 'integer' })
  targetId: number;

  /** The account concerned: the listing's owner, or the account itself. */
  @Index()
  @Column({ type: 'integer', nullable: true })
  ownerId: number | null;

  @Field(() => ModerationActionKindEnum, { description: 'The decision.' })
  @Column({ type: 'enum', enum: MODERATION_ACTIONS, enumName: 'moderation_action_kind' })
  action: ModerationActionKind;

  @Field({ description: 'Why, in the words of the moderator (shown to the owner).' })
  @Column({ type: 'text' })
  reason: string;

  @Field(() => Date, { description: 'When.' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Field(() => String, { nullable: true, description: "The owner's contest, once sent (one per decision)." })
  @Column({ type: 'text', nullable: true })
  contest: string | null;

  @Field(() => Date, { nullable: true, description: 'When the owner contested it.' })
  @Column({ type: 'timestamptz', nullable: true })
  contestedAt: Date | null;
}
