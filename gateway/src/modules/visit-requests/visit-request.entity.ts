import { Field, ID, Int, ObjectType } from 'type-graphql';
import { VisitRequestStatusEnum, VisitSlotAnswerEnum } from '../../graphql/enums';
import { VISIT_REQUEST_STATUSES, VISIT_SLOT_ANSWERS, VisitRequestStatus, VisitSlotAnswer } from '@flaneur/schema';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Property } from '../properties/property.entity';
import { User } from '../users/user.entity';

/**
 * A visit request (table visit_requests): pending → approved | rejected, final; an approved one's slot is then
 * confirmed or declined once by the requester.
 */
@ObjectType('VisitRequest', { description: 'A request to visit a listing, answered by its owner.' })
@Entity('visit_requests')
export class VisitRequest {
  @Field(() => ID, { description: 'Identifier.' })
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => ID, { description: 'The listing to visit.' })
  @Index()
  @Column({ type: 'integer' })
  propertyId: number;

  @ManyToOne(() => Property, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'property_id' })
  property?: Property;

  @Field(() => ID, { description: 'The user who asks.' })
  @Index()
  @Column({ type: 'integer' })
  requesterId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'requester_id' })
  requester?: User;

  @Field(() => String, { nullable: true, description: 'Optional message to the owner.' })
  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Field(() => VisitRequestStatusEnum, { description: 'pending, approved or rejected.' })
  @Column({ type: 'enum', enum: VISIT_REQUEST_STATUSES, enumName: 'visit_request_status', default: 'pending' })
  status: VisitRequestStatus;

  @Field(() => Date, { nullable: true, description: 'Start of the visit the owner proposed when approving.' })
  @Column({ type: 'timestamptz', nullable: true })
  proposedAt: Date | null;

  @Field(() => Int, { nullable: true, description: 'Length of the proposed visit, in minutes.' })
  @Column({ type: 'integer', nullable: true })
  slotMinutes: number | null;

  @Field(() => VisitSlotAnswerEnum, {
    nullable: true,
    description: 'The requester confirmed or declined the proposed slot; null while unanswered.',
  })
  @Column({ type: 'enum', enum: VISIT_SLOT_ANSWERS, enumName: 'visit_slot_answer', nullable: true })
  slotAnswer: VisitSlotAnswer | null;

  @Field(() => Date, { nullable: true, description: "Time of the requester's answer to the slot." })
  @Column({ type: 'timestamptz', nullable: true })
  slotAnsweredAt: Date | null;

  @Field(() => Date, { description: 'Time of the request.' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Field(() => Date, { description: 'Time of the last change (the answer).' })
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
