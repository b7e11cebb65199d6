/**
 * The demo sign-in forms' rules (the spec leaves form-level validation open,
 * docs/requirements/validation.md: these are this demo's, docs/decisions/0032): zod schemas for
 * react-hook-form whose messages are keys of `demo-auth:errors.*`, so every message shows in the
 * reader's language.
 */
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from '../schema.ts';

/** Error keys of the forms (`demo-auth:errors.<key>`). */
export const FORM_ERROR_KEYS = ['required', 'email', 'username', 'passwordLength', 'mismatch', 'terms'] as const;
export type FormErrorKey = (typeof FORM_ERROR_KEYS)[number];

const required = z.string().trim().min(1, 'required');
const email = required.pipe(z.email('email'));
const newPassword = z.string().min(1, 'required').min(PASSWORD_MIN_LENGTH, 'passwordLength');

export const ZLoginForm = z.object({ email, password: z.string().min(1, 'required') });

export const ZRegisterForm = z.object({
  username: required.regex(USERNAME_PATTERN, 'username'),
  email,
  password: newPassword,
  terms: z.boolean().refine((accepted) => accepted, 'terms'),
});

export const ZForgotPasswordForm = z.object({ email });

export const ZResetPasswordForm = z
  .object({ password: newPassword, confirmPassword: z.string().min(1, 'required') })
  .refine((form) => form.password === form.confirmPassword, { message: 'mismatch', path: ['confirmPassword'] });

export type LoginForm = z.infer<typeof ZLoginForm>;
export type RegisterForm = z.infer<typeof ZRegisterForm>;
export type ForgotPasswordForm = z.infer<typeof ZForgotPasswordForm>;
export type ResetPasswordForm = z.infer<typeof ZResetPasswordForm>;

/** The error key of a form message (unknown messages count as `required`). */
export function formErrorKey(message: string | undefined): FormErrorKey | undefined {
  if (message === undefined) return undefined;
  return FORM_ERROR_KEYS.find((key) => key === message) ?? 'required';
}
