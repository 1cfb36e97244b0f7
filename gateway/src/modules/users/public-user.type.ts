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

  @Field({ description: 'E-mail address verified.' })
  isVerified: boolean;

  @Field(() => Date, { description: 'Time the account was created.' })
  createdAt: Date;
}

/** The public view of a user; the same shape for GraphQL and GET /api/users/{username}. */
export function toPublicUser(u: User): PublicUser {
  return {
    id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    profilePicture: u.profilePicture,
    bio: u.bio,
    isLandlord: u.isLandlord,
    isVerified: u.isVerified,
    createdAt: u.createdAt,
  };
}
