/**
 * The user form of the Add drawer and the edit page: values, zod validation (react-hook-form is
 * not part of the stack, so the fields are controlled MUI inputs checked on submit and after),
 * and the error keys (`demo-users:errors.*`).
 */
import { z } from 'zod';
import { ZUserPlan, ZUserRole, ZUserStatus, type TUser, type TUserPlan, type TUserRole, type TUserStatus } from '../schema.ts';

export interface UserFormValues {
  fullName: string;
  username: string;
  email: string;
  company: string;
  country: string;
  contact: string;
  role: TUserRole;
  currentPlan: TUserPlan;
  status: TUserStatus;
}

export type UserFormErrorKey = 'required' | 'username' | 'email' | 'contact';
export type UserFormErrors = Partial<Record<keyof UserFormValues, UserFormErrorKey>>;

const required = z.string().trim().min(1, 'required');

const ZUserForm = z.object({
  fullName: required,
  username: required.regex(/^[a-z0-9._-]{3,}$/i, 'username'),
  email: required.pipe(z.email('email')),
  company: required,
  country: required,
  contact: required.regex(/^\+?[\d\s().-]{6,}$/, 'contact'),
  role: ZUserRole,
  currentPlan: ZUserPlan,
  status: ZUserStatus,
});

const KNOWN: readonly UserFormErrorKey[] = ['required', 'username', 'email', 'contact'];

/** An empty form (a new subscriber on the basic plan, active). */
export const EMPTY_USER_FORM: UserFormValues = {
  fullName: '',
  username: '',
  email: '',
  company: '',
  country: '',
  contact: '',
  role: 'subscriber',
  currentPlan: 'basic',
  status: 'active',
};

/** The form showing a stored user. */
export function formFromUser(user: TUser): UserFormValues {
  const { fullName, username, email, company, country, contact, role, currentPlan, status } = user;
  return { fullName, username, email, company, country, contact, role, currentPlan, status };
}

/** Field errors of `form` (empty when valid). */
export function validateUserForm(form: UserFormValues): UserFormErrors {
  const parsed = ZUserForm.safeParse(form);
  if (parsed.success) return {};
  const errors: UserFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof UserFormValues | undefined;
    if (!field || errors[field]) continue;
    errors[field] = KNOWN.find((key) => key === issue.message) ?? 'required';
  }
  return errors;
}

/** The trimmed values of a valid form. */
export function cleanUserForm(form: UserFormValues): UserFormValues {
  return {
    ...form,
    fullName: form.fullName.trim(),
    username: form.username.trim(),
    email: form.email.trim(),
    company: form.company.trim(),
    country: form.country.trim(),
    contact: form.contact.trim(),
  };
}
