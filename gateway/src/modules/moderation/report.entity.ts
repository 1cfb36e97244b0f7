import { REPORT_REASONS, REPORT_TARGET_TYPES, type ReportReason, type ReportTargetType } from '@flaneur/schema';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

const asEnum = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };

/** GraphQL enums from the shared tuples. */
export const ReportTargetTypeEnum = asEnum(REPORT_TARGET_TYPES);
export const ReportReasonEnum = asEnum(REPORT_REASONS);
registerEnumType(ReportTargetTypeEnum, {
  name: 'ReportTargetType',
  description: 'What is reported: property (a listing), conversation, user (an account).',
});
registerEnumType(ReportReasonEnum, {
  name: 'ReportReason',
  description:
    'arnaque, deja_loue_vendu (annonce déjà louée ou vendue), doublon, informations_fausses, contenu_inapproprie.',
});

/** A user's report of a listing, a conversation or an account (table reports); one per reporter and target. */
@ObjectType({ description: 'A report sent to the moderation team.' })
@Entity('reports')
@Index('UQ_reports_reporter_target', ['reporterId', 'targetType', 'targetId'], { unique: true })
@Index('IDX_reports_target', ['targetType', 'targetId'])
export class Report {
  @Field(() => ID, { description: 'Identifier.' })
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  reporterId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reporter_id' })
  reporter?: User;

  @Field(() => ReportTargetTypeEnum, { description: 'What is reported.' })
  @Column({ type: 'enum', enum: REPORT_TARGET_TYPES, enumName: 'report_target_type' })
  targetType: ReportTargetType;

  @Field(() => ID, { description: 'The id of the listing, conversation or account.' })
  @Column({ type: 'integer' })
  targetId: number;

  /** The account the report is about (the listing's owner, the other participant, the account): the queue's key. */
  @Index()
  @Column({ type: 'integer', nullable: true })
  subjectUserId: number | null;

  @Field(() => ReportReasonEnum, { description: 'Why.' })
  @Column({ type: 'enum', enum: REPORT_REASONS, enumName: 'report_reason' })
  reason: ReportReason;

  @Field(() => String, { nullable: true, description: 'Optional comment of the reporter.' })
  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @Field(() => Date, { description: 'When it was sent.' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
