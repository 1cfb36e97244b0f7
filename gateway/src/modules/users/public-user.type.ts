import { MSG } from '@flaneur/schema';
import { Field, ID, ObjectType } from 'type-graphql';
import type { User } from './user.entity';

/** What anyone may see of an account: no e-mail, phone, address, tokens or dates other than createdAt. */
@ObjectType({ description: "Another user's public profile." })
export class PublicUser {
  @Field(() => ID, { description: 'Identifier.' })
  id: number;

  @Field({ description: 'Username.' })
  username: string;

  @Field(() => String, { nullable: true, description: 'First name.' })
  firstName: string | null;

  @Field(() => String, { nullable: true, description: 'Last name.' })
  lastName: string | null;

  @Field(() => String, { nullable: true, description: 'URL of the profile picture.' })
  profilePicture: string | null;

  @Field(() => String, { nullable: true, description: 'Short presentation.' })
  bio: string | null;

  @Field({ description: 'Declared owner ("Propriétaire" badge).' })
  isLandlord: boolean;

  @Field(() => String, { nullable: true, description: 'Professional account: the agency name.' })
  agencyName: string | null;

  @Field(() => String, { nullable: true, description: 'Professional account: SIREN.' })
  siren: string | null;

  @Field(() => String, { nullable: true, description: 'Professional account: professional card number (« carte T »).' })
  professionalCard: string | null;

  @Field({ description: 'E-mail address verified.' })
  isVerified: boolean;

  @Field(() => Date, { description: 'Time the account was created.' })
  createdAt: Date;
}

/**
 * The first name a user is called by in texts to others (alerts, a folder's access log, its shares): « Utilisateur »
 * for a deleted account, else the first name, else the username ('' without a user).
 */
export function firstNameOf(u: Pick<User, 'firstName' | 'username' | 'deletedAt'> | null | undefined): string {
  if (!u) return '';
  return u.deletedAt ? MSG.deletedUserFirstName : u.firstName?.trim() || u.username;
}

/**
 * The public view of a user; the same shape for GraphQL and GET /api/users/{username}. A deleted account
 * (conversations keep it) shows as first name "Utilisateur", last name "supprimé", so the web's display-name
 * rule (first + last) renders "Utilisateur supprimé"; its username stays the unusable placeholder, whose
 * profile answers 404.
 */
export function toPublicUser(u: User): PublicUser {
  if (u.deletedAt)
    return {
      id: u.id,
      username: u.username,
      firstName: MSG.deletedUserFirstName,
      lastName: MSG.deletedUserLastName,
      profilePicture: null,
      bio: null,
      isLandlord: false,
      agencyName: null,
      siren: null,
      professionalCard: null,
      isVerified: false,
      createdAt: u.createdAt,
    };
  return {
    id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    profilePicture: u.profilePicture,
    bio: u.bio,
    isLandlord: u.isLandlord,
    agencyName: u.agencyName,
    siren: u.siren,
    professionalCard: u.professionalCard,
    isVerified: u.isVerified,
    createdAt: u.createdAt,
  };
}
