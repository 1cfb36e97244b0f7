import { USER_ROLES, type UserRole } from '@flaneur/schema';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A user account (table users). Private columns (password, tokens) carry no @Field. */
@ObjectType({ description: 'A user account, as its owner sees it.' })
@Entity('users')
export class User {
  @Field(() => ID, { description: 'Identifier.' })
  @PrimaryGeneratedColumn()
  id: number;

  @Field({ description: 'Unique login name, 3 characters or more.' })
  @Column({ type: 'varchar', length: 50, unique: true })
  username: string;

  /** scrypt hash (salt and parameters included), never exposed. */
  @Column({ type: 'varchar', length: 255 })
  password: string;

  @Field({ description: 'E-mail address (unique, lower case).' })
  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  @Field(() => String, { nullable: true, description: 'First name.' })
  @Column({ type: 'varchar', length: 100, nullable: true })
  firstName: string | null;

  @Field(() => String, { nullable: true, description: 'Last name.' })
  @Column({ type: 'varchar', length: 100, nullable: true })
  lastName: string | null;

  @Field(() => Int, { nullable: true, description: 'Age in years.' })
  @Column({ type: 'integer', nullable: true })
  age: number | null;

  @Field(() => String, { nullable: true, description: 'Phone number.' })
  @Column({ type: 'varchar', length: 30, nullable: true })
  phone: string | null;

  @Field(() => String, { nullable: true, description: 'Postal address (street).' })
  @Column({ type: 'varchar', length: 255, nullable: true })
  address: string | null;

  @Field(() => String, { nullable: true, description: 'City.' })
  @Column({ type: 'varchar', length: 100, nullable: true })
  city: string | null;

  @Field(() => String, { nullable: true, description: 'Postal code.' })
  @Column({ type: 'varchar', length: 10, nullable: true })
  postalCode: string | null;

  @Field(() => String, { nullable: true, description: 'URL of the profile picture.' })
  @Column({ type: 'varchar', length: 500, nullable: true })
  profilePicture: string | null;

  @Field({ description: 'Declared owner who publishes listings ("Propriétaire").' })
  @Column({ type: 'boolean', default: false })
  isLandlord: boolean;

  @Field(() => String, { nullable: true, description: 'Short presentation, 500 characters at most.' })
  @Column({ type: 'text', nullable: true })
  bio: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Professional account: the agency name (with siren, its listings are « Professionnel »).',
  })
  @Column({ type: 'varchar', length: 150, nullable: true })
  agencyName: string | null;

  @Field(() => String, { nullable: true, description: 'Professional account: SIREN, 9 digits with its check digit.' })
  @Column({ type: 'varchar', length: 9, nullable: true })
  siren: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Professional account: number of the professional card (« carte T »), shown on its listings.',
  })
  @Column({ type: 'varchar', length: 40, nullable: true })
  professionalCard: string | null;

  @Field({ description: 'True once the e-mail address has been verified.' })
  @Column({ type: 'boolean', default: false })
  isVerified: boolean;

  /** SHA-256 of the e-mail verification token; null once used. */
  @Column({ type: 'varchar', length: 64, nullable: true, unique: true })
  verificationToken: string | null;

  @Field(() => Date, { nullable: true, description: 'Time of the last successful login.' })
  @Column({ type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null;

  @Field(() => Date, { description: 'Time the account was created.' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /**
   * Set when the owner deleted the account (RGPD). The row stays, anonymised, so that conversations keep
   * their other participant; such a user cannot sign in, has no public profile and shows as "Utilisateur supprimé".
   */
  @Column({ type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  /** `moderator` is granted by the operator command (npm run user:role), never through the API. */
  @Field(() => String, { description: 'Role: user, or moderator (granted by the operator only).' })
  @Column({ type: 'enum', enum: USER_ROLES, enumName: 'user_role', default: 'user' })
  role: UserRole;

  /** Set while moderation suspends the account: no sign-in, no session, no token, its listings not public. */
  @Field(() => Date, { nullable: true, description: 'When moderation suspended the account; null otherwise.' })
  @Column({ type: 'timestamptz', nullable: true })
  suspendedAt: Date | null;
}
