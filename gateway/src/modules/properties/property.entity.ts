import {
  ADVERTISERS,
  CHARGES_MODES,
  DPE_RATINGS,
  DpeRating,
  FEES_PAID_BY,
  Feature,
  GES_RATINGS,
  isRentControlled,
  LISTING_STATES,
  type ListingState,
  PROPERTY_TYPES,
  PropertyType,
  type Advertiser,
  type ChargesMode,
  type FeesPaidBy,
} from '@flaneur/schema';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { DpeRatingEnum, FeatureEnum, PropertyTypeEnum } from '../../graphql/enums';
import { AdvertiserEnum, ChargesModeEnum, CoOwnership, FeesPaidByEnum, GesRatingEnum } from './legal-mentions.types';
import { ListingStateEnum } from './lib/listing-state.types';
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
import { HOME_KEY_SQL } from './lib/home-key';

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
// The trust shield's « same home » look-up (same-home.ts) on its key (homeKey); its GIN index on images
// (photos used by another listing) is created by migration, like the releaseImages look-up it also serves.
@Index('IDX_properties_same_home', ['homeKey'])
@Index('IDX_properties_images', { synchronize: false })
// One listing per agency reference of an owner (the key of the feed sync).
@Index('UQ_properties_owner_agency_ref', ['ownerId', 'agencyReference'], {
  unique: true,
  where: 'agency_reference IS NOT NULL',
})
export class Property {
  @Field(() => ID, { description: 'Identifier.' })
  @PrimaryGeneratedColumn()
  id: number;

  // Random and unique (docs/decisions.md « QR panel bridge »); the default draws one for rows inserted without it.
  @Field({
    description:
      "Short public reference (6 characters of Crockford's base32), printed on the listing's panel; propertyByRef finds it.",
  })
  @Index('UQ_properties_ref', { unique: true })
  @Column({ type: 'varchar', length: 6, default: () => 'new_property_ref()' })
  ref: string;

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

  /**
   * What « the same home » compares (same-home.ts, HOME_KEY_SQL): postal code, rooms, surface, sale or
   * rental, then the city and the address as their letters and digits, lower case, without accents. Computed by
   * PostgreSQL on each write and indexed, so that the twin look-up is one equality (never read by the app).
   */
  @Column({
    name: 'home_key',
    type: 'text',
    nullable: true,
    select: false,
    insert: false,
    update: false,
    generatedType: 'STORED',
    asExpression: HOME_KEY_SQL,
  })
  homeKey?: string | null;

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

  // Legal mentions (docs/decisions.md « Legal mentions on listings »); null where they do not apply.
  @Field(() => GesRatingEnum, { nullable: true, description: 'Climate class (GES) A–G of the DPE.' })
  @Column({ type: 'enum', enum: GES_RATINGS, enumName: 'ges_rating', nullable: true })
  gesRating: DpeRating | null;

  @Field(() => Int, { nullable: true, description: 'Estimated yearly energy cost for standard use, low end (€).' })
  @Column({ type: 'integer', nullable: true })
  energyCostMin: number | null;

  @Field(() => Int, { nullable: true, description: 'Estimated yearly energy cost for standard use, high end (€).' })
  @Column({ type: 'integer', nullable: true })
  energyCostMax: number | null;

  @Field(() => Int, { nullable: true, description: 'Year of the energy prices the cost is indexed on (1 January).' })
  @Column({ type: 'integer', nullable: true })
  energyPricesYear: number | null;

  @Field({ description: 'A new-build sale (VEFA): advertised before its DPE exists.' })
  @Column({ type: 'boolean', default: false })
  isNewBuild: boolean;

  @Field(() => Float, { nullable: true, description: 'Rental: monthly recoverable charges, included in price (€).' })
  @Column({ type: 'numeric', precision: 10, scale: 2, nullable: true })
  charges: string | null;

  @Field(() => ChargesModeEnum, { nullable: true, description: 'Rental: how the charges are settled.' })
  @Column({ type: 'enum', enum: CHARGES_MODES, enumName: 'charges_mode', nullable: true })
  chargesMode: ChargesMode | null;

  @Field(() => Float, { nullable: true, description: 'Rental: security deposit (€).' })
  @Column({ type: 'numeric', precision: 10, scale: 2, nullable: true })
  deposit: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Rental: furnished (Meublé) or not.' })
  @Column({ type: 'boolean', nullable: true })
  furnished: boolean | null;

  @Field(() => Float, { nullable: true, description: 'Rent control: monthly base rent, without charges (€).' })
  @Column({ type: 'numeric', precision: 10, scale: 2, nullable: true })
  baseRent: string | null;

  @Field(() => Float, {
    nullable: true,
    description: 'Rent control: majored reference rent, the base rent ceiling (€).',
  })
  @Column({ type: 'numeric', precision: 10, scale: 2, nullable: true })
  referenceRentMajored: string | null;

  @Field(() => Float, { nullable: true, description: 'Rent control: rent supplement, if any (€).' })
  @Column({ type: 'numeric', precision: 10, scale: 2, nullable: true })
  rentSupplement: string | null;

  @Field(() => Float, {
    nullable: true,
    description: 'Rental by a professional: fees charged to the tenant, inventory included (€).',
  })
  @Column({ type: 'numeric', precision: 10, scale: 2, nullable: true })
  tenantFees: string | null;

  @Field(() => Float, {
    nullable: true,
    description: 'Rental: inventory (état des lieux) fees charged to the tenant (€).',
  })
  @Column({ type: 'numeric', precision: 10, scale: 2, nullable: true })
  inventoryFees: string | null;

  @Field(() => CoOwnership, { nullable: true, description: 'Sale of a lot in a co-ownership; null otherwise.' })
  @Column({ type: 'jsonb', nullable: true })
  coOwnership: CoOwnership | null;

  @Field(() => AdvertiserEnum, {
    nullable: true,
    description:
      'Who advertises, as declared at publication; null for a listing of the legacy client that did not say.',
  })
  @Column({ type: 'enum', enum: ADVERTISERS, enumName: 'advertiser', nullable: true })
  advertiser: Advertiser | null;

  @Field(() => FeesPaidByEnum, { nullable: true, description: "Sale by a professional: who pays the agency's fees." })
  @Column({ type: 'enum', enum: FEES_PAID_BY, enumName: 'fees_paid_by', nullable: true })
  feesPaidBy: FeesPaidBy | null;

  @Field(() => Float, {
    nullable: true,
    description: 'Sale by a professional, fees paid by the buyer: fees in % TTC of the price without fees.',
  })
  @Column({ type: 'numeric', precision: 5, scale: 2, nullable: true })
  buyerFeesPercent: string | null;

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

  @Field(() => Date, {
    nullable: true,
    description:
      '« Vérifié sur place »: when the owner last proved, with a precise fix, to stand in front of the listing (verifyOnSite); null when never, or since its address or coordinates changed.',
  })
  @Column({ type: 'timestamptz', nullable: true })
  verifiedOnSiteAt: Date | null;

  @Field(() => ListingStateEnum, {
    description:
      'Publication state: published (listed and discoverable), draft (its owner only, see draftReason) or withdrawn (no longer listed nor discoverable; its page still opens, « Annonce retirée »).',
  })
  @Column({ type: 'enum', enum: LISTING_STATES, enumName: 'listing_state', default: 'published' })
  listingState: ListingState;

  @Field(() => String, { nullable: true, description: 'Draft: why the listing is not public, in French.' })
  @Column({ type: 'varchar', length: 500, nullable: true })
  draftReason: string | null;

  @Field(() => Date, { nullable: true, description: 'When the listing was withdrawn; null otherwise.' })
  @Column({ type: 'timestamptz', nullable: true })
  withdrawnAt: Date | null;

  @Field(() => Date, {
    nullable: true,
    description:
      'When moderation hid the listing (then only its owner and moderators open it; it leaves every list); null otherwise.',
  })
  @Column({ type: 'timestamptz', nullable: true })
  hiddenAt: Date | null;

  /** Set while the owner's account is suspended: the listing is then not public (listing-visibility.ts). */
  @Column({ type: 'boolean', default: false })
  ownerSuspended: boolean;

  @Field(() => String, {
    nullable: true,
    description: "The agency's own reference of the listing (unique per owner); the key of its feed.",
  })
  @Column({ type: 'varchar', length: 60, nullable: true })
  agencyReference: string | null;

  // The digest of the feed line last applied: an unchanged line writes nothing (docs/decisions.md « Agency feeds »).
  @Column({ type: 'varchar', length: 64, nullable: true, select: false })
  feedHash?: string | null;

  /** The REST shape (listingJson): the columns plus the read-only rentControlled. */
  toJSON(): ListingJson {
    return listingJson(this);
  }
}

/** A listing as REST answers it: its columns but the feed digest, the same-home key and the suspension mark, plus rentControlled. */
export type ListingJson = Omit<Property, 'feedHash' | 'homeKey' | 'ownerSuspended' | 'toJSON'> & {
  rentControlled: boolean;
};

/**
 * The REST shape of a listing, from the entity or from a plain row with the same properties (a prepared read): the
 * feed digest, the same-home key and the suspension mark stay inside.
 */
export function listingJson(columns: Omit<Property, 'toJSON'>): ListingJson {
  const { feedHash: _hash, homeKey: _key, ownerSuspended: _suspended, ...shown } = columns;
  return { ...shown, rentControlled: rentControlledOf(columns) } as ListingJson;
}

/** A rental in a rent-control territory today, from the shared zone table (read-only, never stored). */
export function rentControlledOf(p: Pick<Property, 'isRental' | 'postalCode' | 'city'>): boolean {
  return p.isRental && isRentControlled(p.postalCode, p.city);
}
