import { Field, ID, ObjectType } from 'type-graphql';
import {
  CreateDateColumn,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { Property } from '../properties/property.entity';
import { User } from '../users/user.entity';

/** A favourite listing (table favorites); one per (user, property). */
@ObjectType({ description: 'A favourite: the user keeps a listing.' })
@Entity('favorites')
@Unique('UQ_favorites_user_property', ['userId', 'propertyId'])
export class Favorite {
  @Field(() => ID, { description: 'Identifier.' })
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Index()
  @Column({ type: 'integer' })
  propertyId: number;

  @ManyToOne(() => Property, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'property_id' })
  property?: Property;

  @Field(() => Date, { description: 'Time it was added.' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
