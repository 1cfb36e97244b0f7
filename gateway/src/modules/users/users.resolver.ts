import { LIMITS } from '@flaneur/schema';
import { Arg, Ctx, Field, InputType, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { FileUpload, UploadScalar } from '../../graphql/upload-scalar';
import { requireViewer } from '../../lib/viewer';
import { readUpload } from '../uploads/incoming-file';
import { PublicUser } from './public-user.type';
import { User } from './user.entity';

@InputType({ description: 'Profile fields to change; omitted fields stay as they are, null clears.' })
class ProfileInput {
  @Field(() => String, { nullable: true, description: 'First name.' }) firstName?: string | null;
  @Field(() => String, { nullable: true, description: 'Last name.' }) lastName?: string | null;
  @Field(() => String, { nullable: true, description: 'E-mail address (unique); a new one needs currentPassword.' })
  email?: string;
  @Field(() => String, {
    nullable: true,
    description:
      'The current password, required when `email` changes the address (BAD_USER_INPUT when missing, FORBIDDEN when wrong).',
  })
  currentPassword?: string;
  @Field(() => String, { nullable: true, description: 'Phone number.' }) phone?: string | null;
  @Field(() => String, { nullable: true, description: 'Street address.' }) address?: string | null;
  @Field(() => String, { nullable: true, description: 'City.' }) city?: string | null;
  @Field(() => String, { nullable: true, description: 'Postal code.' }) postalCode?: string | null;
  @Field(() => String, { nullable: true, description: 'Presentation, 500 characters at most.' }) bio?: string | null;
  @Field(() => Int, { nullable: true, description: 'Age in years.' }) age?: number | null;
  @Field(() => Boolean, { nullable: true, description: 'Declared owner.' }) isLandlord?: boolean;
  @Field(() => String, { nullable: true, description: 'Professional account: agency name (empty clears it).' })
  agencyName?: string | null;
  @Field(() => String, { nullable: true, description: 'Professional account: SIREN, 9 digits with its check digit.' })
  siren?: string | null;
  @Field(() => String, { nullable: true, description: 'Professional account: « carte T » number (CPI …).' })
  professionalCard?: string | null;
}

/** Profiles over GraphQL; the rules live in UsersService. */
@Resolver()
export class UsersResolver {
  @Query(() => PublicUser, {
    description: 'A user\'s public profile; NOT_FOUND "Utilisateur non trouvé" when unknown.',
  })
  user(
    @Arg('username', { description: 'The username of the profile to show.' }) username: string,
    @Ctx() ctx: Context,
  ): Promise<PublicUser> {
    return ctx.services.users.publicProfile(username);
  }

  @Mutation(() => User, { description: "Edits the signed-in user's own profile." })
  updateProfile(
    @Arg('input', () => ProfileInput, { description: 'The profile fields to change.' }) input: ProfileInput,
    @Ctx() ctx: Context,
  ): Promise<User> {
    return ctx.services.users.updateProfile(ctx.viewer, { ...input });
  }

  @Mutation(() => User, {
    description: `Replaces the profile picture (JPEG, PNG, GIF or WebP by content, ≤ ${LIMITS.profilePictureMaxBytes / 2 ** 20} MB).`,
  })
  async uploadProfilePicture(
    @Arg('file', () => UploadScalar, {
      description: 'The picture: JPEG, PNG, GIF or WebP (checked by content), 5 MB at most.',
    })
    file: Promise<FileUpload>,
    @Ctx() ctx: Context,
  ): Promise<User> {
    requireViewer(ctx.viewer); // before the file is read
    return ctx.services.users.uploadProfilePicture(ctx.viewer, await readUpload(file, LIMITS.profilePictureMaxBytes));
  }
}
