import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { MSG } from '../constants/messages';

const username = z.string().trim().min(LIMITS.usernameMin, MSG.usernameMin).max(50);
const password = z.string().min(LIMITS.passwordMin, MSG.passwordMin).max(LIMITS.passwordMax, MSG.passwordTooLong);
const email = z.string().trim().toLowerCase().pipe(z.email(MSG.emailInvalid)).pipe(z.string().max(254));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** Login form and POST /api/login. */
export const ZLogin = z.object({ username, password });
export type TLogin = z.infer<typeof ZLogin>;

/** Registration form and POST /api/register. */
export const ZRegister = z.object({
  username,
  password,
  email,
  firstName: optionalText(100),
  lastName: optionalText(100),
  phone: optionalText(30),
  address: optionalText(255),
  city: optionalText(100),
  postalCode: optionalText(10),
  isLandlord: z.boolean().optional().default(false),
});
export type TRegister = z.input<typeof ZRegister>;

/** Forgot-password form and POST /api/forgot-password. */
export const ZForgotPassword = z.object({ email });
export type TForgotPassword = z.infer<typeof ZForgotPassword>;

/** Reset-password call: token from the link, the new password (min 8). */
export const ZResetPassword = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(LIMITS.resetPasswordMin, MSG.resetPasswordMin).max(LIMITS.passwordMax, MSG.passwordTooLong),
});
export type TResetPassword = z.infer<typeof ZResetPassword>;

/** Reset-password form: the call's password plus a matching confirmation. */
export const ZResetPasswordForm = z
  .object({ password: ZResetPassword.shape.password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.passwordMismatch,
    path: ['confirmPassword'],
  });
export type TResetPasswordForm = z.infer<typeof ZResetPasswordForm>;
