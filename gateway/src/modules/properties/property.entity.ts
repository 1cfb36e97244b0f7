import { DPE_RATINGS, DpeRating, PROPERTY_TYPES, PropertyType } from '@flaneur/schema';
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
import { User } from '../users/user.entity';

/** A listing (SPEC.md §3 properties). Numeric columns stay decimal strings, as the REST shim sends them. */
@Entity('properties')
export class Property {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'numeric', precision: 10, scale: 2 })
  price: string;

  @Column({ type: 'varchar', length: 3, default: 'EUR' })
  currency: string;

  @Column({ type: 'boolean', default: false })
  isRental: boolean;

  @Column({ type: 'numeric', precision: 6, scale: 2 })
  size: string;

  @Column({ type: 'integer' })
  bedrooms: number;

  @Column({ type: 'integer' })
  bathrooms: number;

  @Column({ type: 'varchar', length: 30, nullable: true })
  floor: string | null;

  @Column({ type: 'varchar', length: 255 })
  address: string;

  @Column({ type: 'varchar', length: 100 })
  city: string;

  @Column({ type: 'varchar', length: 10 })
  postalCode: string;

  @Column({ type: 'numeric', precision: 10, scale: 7 })
  latitude: string;

  @Column({ type: 'numeric', precision: 10, scale: 7 })
  longitude: string;

  @Column({ type: 'enum', enum: PROPERTY_TYPES, enumName: 'property_type', default: 'apartment' })
  type: PropertyType;

  @Column({ type: 'enum', enum: DPE_RATINGS, enumName: 'dpe_rating', nullable: true })
  dpeRating: DpeRating | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  features: string[];

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  images: string[];

  @Column({ type: 'varchar', length: 100 })
  ownerName: string;

  @Column({ type: 'varchar', length: 254 })
  ownerEmail: string;

  @Column({ type: 'varchar', length: 30 })
  ownerPhone: string;

  @Index()
  @Column({ type: 'integer', nullable: true })
  ownerId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'owner_id' })
  owner?: User | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
