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

/** A favourite listing (SPEC.md §3 favorites); one per (user, property). */
@Entity('favorites')
@Unique('UQ_favorites_user_property', ['userId', 'propertyId'])
export class Favorite {
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

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
