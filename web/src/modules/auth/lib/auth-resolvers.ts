import { ZForgotPassword, ZLogin, ZRegister, ZResetPasswordForm } from '@flaneur/schema';
import { zodResolver } from '@hookform/resolvers/zod';

/** The auth forms' validation, loaded apart from the forms (lib/lazy-resolver.ts): zod stays off the first load. */
export const loginResolver = zodResolver(ZLogin);
export const registerResolver = zodResolver(ZRegister);
export const forgotPasswordResolver = zodResolver(ZForgotPassword);
export const resetPasswordResolver = zodResolver(ZResetPasswordForm);
