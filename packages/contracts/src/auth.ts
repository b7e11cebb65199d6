import { z } from 'zod';

/** A CASL rule: `{action, subject, conditions?}` (docs/requirements/roles.md; `conditions` scope a rule to records). */
export const ZAbilityRule = z.object({
  action: z.string(),
  subject: z.string(),
  conditions: z.record(z.string(), z.unknown()).optional(),
  inverted: z.boolean().optional(),
});
export type TAbilityRule = z.infer<typeof ZAbilityRule>;

/** Ability of a signed-out visitor (docs/requirements/roles.md: "default is read on Auth"). */
export const DEFAULT_ABILITY: TAbilityRule[] = [{ action: 'read', subject: 'Auth' }];

/** Roles of a restaurant group (docs/decisions/roles.md). */
export const ROLES = ['super_admin', 'client_owner', 'brand_manager', 'outlet_manager', 'agent', 'viewer'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

/** What the browser keeps as `userData` in localStorage (docs/requirements/data.md). */
export const ZUserData = z.object({
  id: z.string(),
  email: z.email(),
  fullName: z.string(),
  role: ZRole,
  ability: z.array(ZAbilityRule),
  client: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TUserData = z.infer<typeof ZUserData>;

export const ZLoginRequest = z.object({
  email: z.email({ error: 'email must be a valid email address' }).max(254),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(128),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({ accessToken: z.string(), userData: ZUserData });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** The failure messages of get-client-details (docs/requirements/validation.md and errors.md), also
 * used by every 401. */
export const AUTH_MESSAGES = { invalid: 'Invalid token', expired: 'Token has expired' } as const;

/** Outlets and brands of the signed-in client, as `get-client-details` answers. */
export const ZOutletSummary = z.object({ id: z.string(), name: z.string(), city: z.string() });
export const ZBrandSummary = z.object({ id: z.string(), name: z.string(), outlets: z.array(ZOutletSummary) });
export const ZClientDetailsResponse = z.object({
  message: z.literal('OK'),
  client: z.object({ id: z.string(), key: z.string(), name: z.string(), brands: z.array(ZBrandSummary) }).nullable(),
  userData: ZUserData,
});
export type TClientDetailsResponse = z.infer<typeof ZClientDetailsResponse>;

export const ZLogoutResponse = z.object({ message: z.literal('Logged out') });
