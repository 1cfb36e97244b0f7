import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { MSG } from '../constants/messages';
import { ZEmail } from './email';
import { ZOptionalPhone, ZOptionalPostalCode, ZProfileUpdate } from './profile';

/** Login field: a username (also one created before the username rule) or an e-mail address. */
const loginIdentifier = z
  .string({ error: MSG.usernameMin })
  .trim()
  .min(LIMITS.usernameMin, MSG.usernameMin)
  .max(LIMITS.emailMax, MSG.invalidInput);
/** A new username: letters, digits, « . », « _ », « - », 3 to 30 characters, no spaces. */
export const ZUsername = z
  .string({ error: MSG.usernameMin })
  .trim()
  .min(LIMITS.usernameMin, MSG.usernameMin)
  .max(LIMITS.usernameMax, MSG.usernameFormat)
  .regex(/^[A-Za-z0-9._-]+$/, MSG.usernameFormat);
/** The one rule of a new password, at sign-up, change and reset alike: 8 characters or more. */
export const ZNewPassword = z
  .string({ error: MSG.resetPasswordMin })
  .min(LIMITS.passwordMin, MSG.resetPasswordMin)
  .max(LIMITS.passwordMax, MSG.passwordTooLong);
/** Signing in only needs a password typed: accounts made under an older, shorter minimum keep theirs. */
const loginPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .max(LIMITS.passwordMax, MSG.passwordTooLong);
const email = ZEmail;
const profile = ZProfileUpdate.shape;

/** Login form and POST /api/login: `username` holds the username or the e-mail address. */
export const ZLogin = z.object({ username: loginIdentifier, password: loginPassword });
export type TLogin = z.infer<typeof ZLogin>;

/** Registration form and POST /api/register: the optional contact fields follow the profile's rules. */
export const ZRegister = z.object({
  username: ZUsername,
  password: ZNewPassword,
  email,
  firstName: profile.firstName,
  lastName: profile.lastName,
  phone: ZOptionalPhone,
  address: profile.address,
  city: profile.city,
  postalCode: ZOptionalPostalCode,
  isLandlord: z.boolean({ error: MSG.invalidInput }).optional().default(false),
});
export type TRegister = z.input<typeof ZRegister>;

/** Forgot-password form and POST /api/forgot-password. */
export const ZForgotPassword = z.object({ email });
export type TForgotPassword = z.infer<typeof ZForgotPassword>;

/** Reset-password call: token from the link, the new password. */
export const ZResetPassword = z.object({
  token: z
    .string({ error: MSG.resetPasswordInvalid })
    .min(1, MSG.resetPasswordInvalid)
    .max(200, MSG.resetPasswordInvalid),
  password: ZNewPassword,
});
export type TResetPassword = z.infer<typeof ZResetPassword>;

/** Reset-password form: the call's password plus a matching confirmation. */
export const ZResetPasswordForm = z
  .object({ password: ZNewPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.passwordMismatch,
    path: ['confirmPassword'],
  });
export type TResetPasswordForm = z.infer<typeof ZResetPasswordForm>;

/** Password change of a signed-in user: the current password, and a new one under the new-password rule. */
export const ZChangePassword = z
  .object({
    currentPassword: z
      .string({ error: MSG.passwordRequired })
      .min(1, MSG.passwordRequired)
      .max(LIMITS.passwordMax, MSG.passwordTooLong),
    newPassword: ZNewPassword,
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: MSG.newPasswordSame,
    path: ['newPassword'],
  });
export type TChangePassword = z.infer<typeof ZChangePassword>;

/** Password-change form (Paramètres): the call's fields plus a matching confirmation of the new password. */
export const ZChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, MSG.passwordRequired),
    newPassword: ZNewPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MSG.passwordMismatch,
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: MSG.newPasswordSame,
    path: ['newPassword'],
  });
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;
