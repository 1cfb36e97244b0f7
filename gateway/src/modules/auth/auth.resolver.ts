import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { requireMeta } from '../../graphql/require-meta';
import { User } from '../users/user.entity';
import { LoginInput, RegisterInput, ResetPasswordInput } from './auth.types';

/** Accounts over GraphQL; the rules live in AuthService. */
@Resolver()
export class AuthResolver {
  @Query(() => User, { nullable: true, description: 'The signed-in user, or null when signed out.' })
  me(@Ctx() ctx: Context): User | null {
    return ctx.viewer;
  }

  @Mutation(() => User, { description: 'Creates an account and signs it in.' })
  register(
    @Arg('input', () => RegisterInput, { description: 'The new account.' }) input: RegisterInput,
    @Ctx() ctx: Context,
  ): Promise<User> {
    return ctx.services.auth.register({ ...input, isLandlord: input.isLandlord ?? undefined }, requireMeta(ctx));
  }

  @Mutation(() => User, { description: 'Signs in and starts a session (new session id).' })
  login(
    @Arg('input', () => LoginInput, { description: 'Username (or e-mail address) and password.' }) input: LoginInput,
    @Ctx() ctx: Context,
  ): Promise<User> {
    return ctx.services.auth.login(input, requireMeta(ctx));
  }

  @Mutation(() => Boolean, { description: 'Ends the current session and closes its websockets.' })
  async logout(@Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.auth.logout(requireMeta(ctx));
    return true;
  }

  @Mutation(() => String, {
    description: 'Sends a password-reset link if an account has this e-mail; always answers the same French message.',
  })
  forgotPassword(
    @Arg('email', {
      description: 'The e-mail address of the account; the answer is the same whether an account has it or not.',
    })
    email: string,
    @Ctx() ctx: Context,
  ): Promise<string> {
    return ctx.services.auth.forgotPassword({ email }, requireMeta(ctx));
  }

  @Query(() => Boolean, {
    description:
      'Whether a password-reset link can still be used (not used yet, within its hour); false for a used, expired or unknown token.',
  })
  passwordResetTokenValid(
    @Arg('token', { description: 'The token of the reset link (its ?token= parameter).' }) token: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    return ctx.services.auth.resetTokenUsable(token, requireMeta(ctx));
  }

  @Mutation(() => String, { description: 'Sets a new password from a reset-link token; answers a French message.' })
  resetPassword(
    @Arg('input', () => ResetPasswordInput, { description: 'The token of the e-mail link and the new password.' })
    input: ResetPasswordInput,
    @Ctx() ctx: Context,
  ): Promise<string> {
    return ctx.services.auth.resetPassword(input, requireMeta(ctx));
  }

  @Mutation(() => Boolean, {
    description:
      'Changes the signed-in user\'s password: FORBIDDEN "Mot de passe actuel incorrect" when the current one is wrong (counted as a failed login), BAD_USER_INPUT when the new one has fewer than 8 characters or equals the current one. Every other session of the user ends and its websockets close; this one stays signed in.',
  })
  async changePassword(
    @Arg('currentPassword', { description: 'The current password, re-entered.' }) currentPassword: string,
    @Arg('newPassword', { description: 'The new password, 8 characters or more.' }) newPassword: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.auth.changePassword(ctx.viewer, { currentPassword, newPassword }, requireMeta(ctx));
    return true;
  }

  @Mutation(() => Boolean, {
    description: 'Proves ownership of the e-mail address with the token sent at registration.',
  })
  async verifyEmail(
    @Arg('token', { description: 'The token of the verification link sent by e-mail.' }) token: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.auth.verifyEmail(token);
    return true;
  }
}
