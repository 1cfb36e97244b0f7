import { DPE_RATINGS, DpeRating, Feature, PROPERTY_TYPES, PropertyType } from '@flaneur/schema';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { DpeRatingEnum, FeatureEnum, PropertyTypeEnum } from '../../graphql/enums';
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

/**
 * A listing (table properties). Numeric columns stay decimal strings (the REST shape); GraphQL's Float
 * serializes them as numbers.
 */
@ObjectType({ description: 'A listing for sale or for rent.' })
@Entity('properties')
// Discovery's GiST indexes, over all listings, per is_rental and per (is_rental, type), created by migration (beyond
// what TypeORM declares).
@Index('IDX_properties_geo_all', { synchronize: false })
@Index('IDX_properties_geo_sale', { synchronize: false })
@Index('IDX_properties_geo_rent', { synchronize: false })
@Index('IDX_properties_geo_sale_apartment', { synchronize: false })
@Index('IDX_properties_geo_sale_house', { synchronize: false })
@Index('IDX_properties_geo_sale_villa', { synchronize: false })
@Index('IDX_properties_geo_rent_apartment', { synchronize: false })
@Index('IDX_properties_geo_rent_house', { synchronize: false })
@Index('IDX_properties_geo_rent_villa', { synchronize: false })
// Discovery skips a scan at once when no listing of its status has a price in the band (one probe).
@Index('IDX_properties_status_price', ['isRental', 'price'])
export class Property {
  @Field(() => ID, { description: 'Identifier.' })
  @PrimaryGeneratedColumn()
  id: number;

  @Field({ description: 'Title of the listing.' })
  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Field({ description: 'Free text; line breaks are meaningful.' })
  @Column({ type: 'text' })
  description: string;

  @Field(() => Float, { description: 'Price in the currency: total for a sale, per month for a rental.' })
  @Column({ type: 'numeric', precision: 10, scale: 2 })
  price: string;

  @Field({ description: 'ISO 4217 currency code (EUR).' })
  @Column({ type: 'varchar', length: 3, default: 'EUR' })
  currency: string;

  @Field({ description: 'True for a rental (Location), false for a sale (Vente).' })
  @Column({ type: 'boolean', default: false })
  isRental: boolean;

  @Field(() => Float, { description: 'Living area in m².' })
  @Column({ type: 'numeric', precision: 6, scale: 2 })
  size: string;

  @Field(() => Int, { description: 'Number of bedrooms.' })
  @Column({ type: 'integer' })
  bedrooms: number;

  @Field(() => Int, {
    description: 'Number of rooms (« pièces »: bedrooms and living rooms), 1 for a studio; bedrooms ≤ rooms − 1.',
  })
  @Column({ type: 'integer' })
  rooms: number;

  @Field(() => Int, { description: 'Number of bathrooms.' })
  @Column({ type: 'integer' })
  bathrooms: number;

  @Field(() => String, {
    nullable: true,
    description: 'Floor as written by the owner ("3ème", "RDC"); null for a house.',
  })
  @Column({ type: 'varchar', length: 30, nullable: true })
  floor: string | null;

  @Field({ description: 'Street address.' })
  @Column({ type: 'varchar', length: 255 })
  address: string;

  @Field({ description: 'City.' })
  @Column({ type: 'varchar', length: 100 })
  city: string;

  @Field({ description: 'Postal code.' })
  @Column({ type: 'varchar', length: 10 })
  postalCode: string;

  @Field(() => Float, { description: 'Latitude (WGS 84).' })
  @Column({ type: 'numeric', precision: 10, scale: 7 })
  latitude: string;

  @Field(() => Float, { description: 'Longitude (WGS 84).' })
  @Column({ type: 'numeric', precision: 10, scale: 7 })
  longitude: string;

  @Field(() => PropertyTypeEnum, { description: 'Kind of dwelling.' })
  @Column({ type: 'enum', enum: PROPERTY_TYPES, enumName: 'property_type', default: 'apartment' })
  type: PropertyType;

  @Field(() => DpeRatingEnum, { nullable: true, description: 'Energy class, when known.' })
  @Column({ type: 'enum', enum: DPE_RATINGS, enumName: 'dpe_rating', nullable: true })
  dpeRating: DpeRating | null;

  @Field(() => [FeatureEnum], { description: 'Features, as canonical keys.' })
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  features: Feature[];

  @Field(() => [String], {
    description:
      'Photo URLs (WebP, long side ≤ 1600 px); the thumbnail is the same URL ending in -thumb.webp. photos adds their widths.',
  })
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  images: string[];

  @Field({ description: 'Contact name shown on the listing.' })
  @Column({ type: 'varchar', length: 100 })
  ownerName: string;

  @Field({ description: 'Contact e-mail shown on the listing.' })
  @Column({ type: 'varchar', length: 254 })
  ownerEmail: string;

  @Field({ description: 'Contact phone shown on the listing ("Appeler").' })
  @Column({ type: 'varchar', length: 30 })
  ownerPhone: string;

  @Field(() => ID, {
    nullable: true,
    description: 'The account that published the listing; the other party of its conversations.',
  })
  @Index()
  @Column({ type: 'integer', nullable: true })
  ownerId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'owner_id' })
  owner?: User | null;

  @Field(() => Date, { description: 'Time of publication.' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Field(() => Date, { description: 'Time of the last change.' })
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
