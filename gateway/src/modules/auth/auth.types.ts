import { Field, InputType } from 'type-graphql';

/** Credentials of the login form. */
@InputType({ description: 'Credentials of the login form.' })
export class LoginInput {
  @Field({ description: 'Username or e-mail address (compared case-insensitively), 3 characters or more.' })
  username: string;

  @Field({ description: 'Password (any length: accounts made under an older, shorter minimum sign in).' })
  password: string;
}

/** Fields of the registration form. */
@InputType({ description: 'Fields of the registration form.' })
export class RegisterInput {
  @Field({ description: 'Unique username: letters, digits, ".", "_", "-", 3 to 30 characters, no spaces.' })
  username: string;

  @Field({ description: 'Password, 8 characters or more.' })
  password: string;

  @Field({ description: 'E-mail address; a verification link is sent to it.' })
  email: string;

  @Field(() => String, { nullable: true, description: 'First name.' })
  firstName?: string | null;

  @Field(() => String, { nullable: true, description: 'Last name.' })
  lastName?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'French phone number (0X XX XX XX XX, +33 or 0033), as on the profile.',
  })
  phone?: string | null;

  @Field(() => String, { nullable: true, description: 'Street address.' })
  address?: string | null;

  @Field(() => String, { nullable: true, description: 'City.' })
  city?: string | null;

  @Field(() => String, { nullable: true, description: 'Postal code: 5 digits, as on the profile.' })
  postalCode?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Declares an owner who wants to publish listings.' })
  isLandlord?: boolean | null;
}

/** A reset-link token and the new password. */
@InputType({ description: 'A reset-link token and the new password.' })
export class ResetPasswordInput {
  @Field({ description: 'The token of the reset link.' })
  token: string;

  @Field({ description: 'New password, 8 characters or more.' })
  password: string;
}
