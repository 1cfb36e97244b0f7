import { MARKET_TYPES, type MarketType } from '@flaneur/schema';
import { Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The GraphQL enum of a market dwelling type, from the shared tuple. */
export const MarketTypeEnum = Object.fromEntries(MARKET_TYPES.map((v) => [v, v])) as { [K in MarketType]: K };
registerEnumType(MarketTypeEnum, {
  name: 'MarketType',
  description: 'apartment (DVF « Appartement ») or house (« Maison »).',
});

/**
 * One sale of DVF (table market_sales): one `id_mutation`, of exactly one dwelling, its price counted once
 * (dvf-rules.ts). No parcel identifier and no names are stored.
 */
@ObjectType({ description: 'A recorded sale of one dwelling (DVF, DGFiP): date, type, surface, rooms, price.' })
@Entity('market_sales')
// « Near a point »: a GiST index on the position on the index plane, as the listings' (migration MarketData).
@Index('IDX_market_sales_geo', { synchronize: false })
// The commune-wide fallback of the comparables, newest first.
@Index('IDX_market_sales_commune', ['codeCommune', 'type', 'dateMutation'])
// A new period of a département replaces the stored sales of the same days.
@Index('IDX_market_sales_period', ['codeDepartement', 'dateMutation'])
export class MarketSale {
  // DVF's id of the mutation (« 2023-123456 »): the key of re-imports.
  @PrimaryColumn({ type: 'varchar', length: 40 })
  idMutation: string;

  @Field(() => String, { description: 'Day of the sale (AAAA-MM-JJ).' })
  @Index()
  @Column({ type: 'date' })
  dateMutation: string;

  @Field(() => MarketTypeEnum, { description: 'Kind of dwelling.' })
  @Column({ type: 'varchar', length: 12 })
  type: MarketType;

  @Field(() => Boolean, { description: "A sale before completion (« Vente en l'état futur d'achèvement »)." })
  @Column({ type: 'boolean', default: false })
  offPlan: boolean;

  @Field(() => Int, { nullable: true, description: 'Main rooms (nombre de pièces principales).' })
  @Column({ type: 'integer', nullable: true })
  rooms: number | null;

  @Field(() => Float, { description: 'Built surface (surface réelle bâtie), m².' })
  @Column({ type: 'numeric', precision: 8, scale: 2 })
  surface: string;

  @Field(() => Float, { description: 'Price of the sale (valeur foncière), euros.' })
  @Column({ type: 'numeric', precision: 14, scale: 2 })
  price: string;

  @Field(() => Float, { description: 'Price per m² of built surface, euros.' })
  @Column({ type: 'numeric', precision: 10, scale: 2 })
  pricePerM2: string;

  @Field(() => String, { description: 'Street of the sale (number and street name), as DVF gives it.' })
  @Column({ type: 'varchar', length: 200 })
  street: string;

  @Field(() => String, { description: 'Postal code.' })
  @Column({ type: 'varchar', length: 5 })
  postalCode: string;

  @Field(() => String, { description: 'INSEE code of the commune.' })
  @Column({ type: 'varchar', length: 5 })
  codeCommune: string;

  @Field(() => String, { description: 'Name of the commune.' })
  @Column({ type: 'varchar', length: 100 })
  commune: string;

  @Column({ type: 'varchar', length: 3 })
  codeDepartement: string;

  @Field(() => Float, { description: 'Latitude of the parcel (WGS 84).' })
  @Column({ type: 'numeric', precision: 10, scale: 7 })
  latitude: string;

  @Field(() => Float, { description: 'Longitude of the parcel (WGS 84).' })
  @Column({ type: 'numeric', precision: 10, scale: 7 })
  longitude: string;
}

/** The carte des loyers (table market_rents): a commune's predicted rent per m² for one type and year. */
@Entity('market_rents')
export class MarketRent {
  @PrimaryColumn({ type: 'varchar', length: 5 })
  codeCommune: string;

  @PrimaryColumn({ type: 'varchar', length: 12 })
  type: MarketType;

  @PrimaryColumn({ type: 'integer' })
  year: number;

  @Column({ type: 'varchar', length: 100 })
  commune: string;

  // Monthly rent per m², charges included (ANIL's loypredm2), and its prediction interval.
  @Column({ type: 'numeric', precision: 7, scale: 2 })
  predicted: string;

  @Column({ type: 'numeric', precision: 7, scale: 2 })
  lower: string;

  @Column({ type: 'numeric', precision: 7, scale: 2 })
  upper: string;

  // Listings observed in the commune (nbobs_com), when given.
  @Column({ type: 'integer', nullable: true })
  observations: number | null;
}
