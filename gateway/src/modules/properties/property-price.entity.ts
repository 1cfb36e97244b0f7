import { Field, Float, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Property } from './property.entity';

/**
 * One price of a listing (table property_price_changes): a row at publication, then one per change of the price.
 * Written by the trigger of the migration, so that every way a listing is inserted or updated (API, seed, bulk
 * loads) keeps its history.
 */
@Entity('property_price_changes')
@Index('IDX_property_price_changes_property', ['propertyId', 'changedAt', 'id'])
export class PropertyPriceChange {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  propertyId: number;

  @ManyToOne(() => Property, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'property_id' })
  property?: Property;

  @Column({ type: 'numeric', precision: 10, scale: 2 })
  price: string;

  @CreateDateColumn({ type: 'timestamptz' })
  changedAt: Date;
}

/** A price of a listing and when it took effect. */
@ObjectType({ description: 'A price of a listing and when it took effect.' })
export class PricePoint {
  @Field(() => Float, { description: 'The price from that time on.' })
  price: number;

  @Field(() => Date, { description: 'When the listing was published at that price or changed to it.' })
  changedAt: Date;
}
