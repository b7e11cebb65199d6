import { z } from 'zod';
import { ZLoginResponse, ZRole } from './auth.ts';

/**
 * Modules: the menu groups in docs/requirements/product.md a user may be granted (access ids of
 * kind `module`). Owners and super admins have every module; other roles have the modules granted
 * to them (docs/decisions/0008-modules-and-access.md).
 */
export const MODULES = ['reviews_and_complaints', 'menu_management', 'business_overview', 'reporting', 'digital_marketing'] as const;
export const ZModule = z.enum(MODULES);
export type TModule = z.infer<typeof ZModule>;

/** The CASL subjects each module opens (the web menu checks the same subjects). */
export const MODULE_SUBJECTS: Record<TModule, readonly string[]> = {
  reviews_and_complaints: ['Review', 'ReviewReply', 'ReviewSync', 'ReplyTemplate', 'InternalComment', 'PageConnection', 'Conversation', 'Message', 'Complaint', 'Ticket', 'CompetitorAnalysis', 'Automation'],
  menu_management: ['MenuManagement'],
  business_overview: ['BusinessOverview'],
  reporting: ['Reporting'],
  digital_marketing: ['DigitalMarketing'],
};

/** Roles a client owner may give (super admin is a platform flag, not a client role). */
export const CLIENT_ROLES = ['client_owner', 'brand_manager', 'outlet_manager', 'agent', 'viewer'] as const;
export const ZClientRole = z.enum(CLIENT_ROLES);
export type TClientRole = z.infer<typeof ZClientRole>;

const uuid = (name: string) => z.uuid({ error: `${name} must be a UUID` });
const key = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .min(2, `${name} must be at least 2 characters`)
    .max(64, `${name} must be at most 64 characters`)
    .regex(/^[a-z0-9][a-z0-9-]*$/, `${name} may contain lowercase letters, digits and dashes only`);
const label = (name: string, max = 120) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(max, `${name} must be at most ${max} characters`);

// ---------------------------------------------------------------- client onboarding

export const ZOnboardingOutlet = z.object({
  key: key('outlet key'),
  name: label('outlet name'),
  city: z.string().trim().max(80, 'city must be at most 80 characters').default(''),
  /** Optional Facebook Page to link (connected later through the page-token flow). */
  facebookPageId: z
    .string()
    .regex(/^\d{1,32}$/, 'facebookPageId must be a numeric Facebook Page id')
    .optional(),
});
export const ZOnboardingBrand = z.object({
  key: key('brand key'),
  name: label('brand name'),
  cuisines: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  outlets: z.array(ZOnboardingOutlet).min(1, 'a brand needs at least one outlet').max(200),
});

/** `POST /api/client-onboarding`: a client with its brands, outlets and owner, in one transaction. */
export const ZClientOnboardingRequest = z
  .object({
    /** Idempotency key: the same key answers the first result (`created: false`). */
    clientKey: key('clientKey'),
    name: label('name'),
    brands: z.array(ZOnboardingBrand).min(1, 'brands: at least one brand is required').max(100),
    owner: z.object({
      email: z.email({ error: 'owner email must be a valid email address' }).max(254),
      fullName: label('owner fullName'),
    }),
  })
  .superRefine((v, ctx) => {
    const brandKeys = new Set<string>();
    const outletKeys = new Set<string>();
    const pages = new Set<string>();
    v.brands.forEach((b, i) => {
      if (brandKeys.has(b.key)) ctx.addIssue({ code: 'custom', path: ['brands', i, 'key'], message: `brand key "${b.key}" is used twice` });
      brandKeys.add(b.key);
      b.outlets.forEach((o, j) => {
        if (outletKeys.has(o.key)) ctx.addIssue({ code: 'custom', path: ['brands', i, 'outlets', j, 'key'], message: `outlet key "${o.key}" is used twice` });
        outletKeys.add(o.key);
        if (o.facebookPageId) {
          if (pages.has(o.facebookPageId)) ctx.addIssue({ code: 'custom', path: ['brands', i, 'outlets', j, 'facebookPageId'], message: `facebookPageId ${o.facebookPageId} is linked twice` });
          pages.add(o.facebookPageId);
        }
      });
    });
  });
export type TClientOnboardingRequest = z.input<typeof ZClientOnboardingRequest>;

/**
 * An invitation into one client, answered for every invited email alike: there is no
 * mail server, so the URL `/set-password?token=…` is answered to the inviter to pass on. A new
 * user chooses a password there; someone who already has a DineDesk account signs in to accept
 * (docs/decisions/0009-onboarding-and-invitations.md). Single use, `expiresAt` ISO 8601.
 */
export const ZInvitation = z.object({ url: z.string(), expiresAt: z.string() });
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZClientOnboardingResponse = z.object({
  created: z.boolean(),
  client: z.object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    brands: z.array(
      z.object({
        id: z.string(),
        key: z.string(),
        name: z.string(),
        outlets: z.array(z.object({ id: z.string(), key: z.string(), name: z.string(), city: z.string(), facebookPageId: z.string().nullable() })),
      }),
    ),
  }),
  /**
   * The owner's email as typed. No id: the owner is invited like any user and becomes a member
   * on accepting, so nothing here tells whether the email has an account.
   */
  owner: z.object({ email: z.string() }),
  /** The owner's invitation; null only on a replay (the token is stored hashed only). */
  invitation: ZInvitation.nullable(),
});
export type TClientOnboardingResponse = z.infer<typeof ZClientOnboardingResponse>;

// ---------------------------------------------------------------- set password

export const ZSetPasswordRequest = z.object({
  token: z.string({ error: 'token is required' }).min(16, 'token is not valid').max(200, 'token is not valid'),
  /** Length and strength are judged by the server's password policy, which answers in the caller's
   * language. */
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(128, 'password must be at most 128 characters'),
});
export const ZSetPasswordResponse = ZLoginResponse;

/**
 * `code` of the 409 answered by set-password when the invitation is for an email that already
 * has an account (or an earlier invitation of another client): the person signs in and accepts
 * with {@link ZAcceptInvitationRequest} instead (docs/decisions/0009).
 */
export const INVITATION_SIGN_IN_CODE = 'invitation_sign_in';

/** `POST /api/auth/accept-invitation` (signed in): joins the invitation's client as the signed-in account. */
export const ZAcceptInvitationRequest = z.object({
  token: z.string({ error: 'token is required' }).min(16, 'token is not valid').max(200, 'token is not valid'),
});
export type TAcceptInvitationRequest = z.infer<typeof ZAcceptInvitationRequest>;
export const ZAcceptInvitationResponse = ZLoginResponse;

// ---------------------------------------------------------------- roles and access ids

export const ZGetUserRoleRequest = z.object({ userId: uuid('userId').optional() }).default({});
export const ZGetUserRoleResponse = z.object({ userId: z.string(), clientId: z.string().nullable(), role: ZRole });
export type TGetUserRoleResponse = z.infer<typeof ZGetUserRoleResponse>;

/** Access ids of one user in the caller's client (docs/requirements/states.md: fetched with
 * `request: 'get'`). */
export const ZAccessIds = z.object({
  brandIds: z.array(z.string()),
  outletIds: z.array(z.string()),
  modules: z.array(ZModule),
});
export type TAccessIds = z.infer<typeof ZAccessIds>;

export const ZAccessControlRequest = z.discriminatedUnion('request', [
  z.object({ request: z.literal('get'), userId: uuid('userId').optional() }),
  z.object({
    request: z.literal('update'),
    userId: uuid('userId'),
    role: ZClientRole.optional(),
    brandIds: z.array(uuid('brandIds[]')).max(500).optional(),
    outletIds: z.array(uuid('outletIds[]')).max(2000).optional(),
    modules: z.array(ZModule).optional(),
    /** Removes the user from the client (membership and access ids); their sessions of it end at once. */
    remove: z.literal(true).optional(),
  }),
]);
export type TAccessControlRequest = z.infer<typeof ZAccessControlRequest>;

export const ZAccessControlResponse = z.object({
  userId: z.string(),
  role: ZRole,
  access: ZAccessIds,
  /** Whether the role sees every outlet of the client (brand/outlet ids then do not narrow it). */
  allOutlets: z.boolean(),
});
export type TAccessControlResponse = z.infer<typeof ZAccessControlResponse>;

// ---------------------------------------------------------------- brands, users, switching

export const ZGetAllBrandsRequest = z.object({ clientId: uuid('clientId').optional() }).default({});
export const ZGetAllBrandsResponse = z.object({
  data: z.array(z.object({ id: z.string(), key: z.string(), name: z.string(), cuisines: z.array(z.string()), outletCount: z.number().int() })),
});
export type TGetAllBrandsResponse = z.infer<typeof ZGetAllBrandsResponse>;

export const ZClientUser = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: ZClientRole,
  /**
   * False while the invitation is pending (then `id` is the invitation's id and `fullName` the
   * name the inviter typed); true once accepted.
   */
  active: z.boolean(),
  access: ZAccessIds,
});
export type TClientUser = z.infer<typeof ZClientUser>;
export const ZClientUsersResponse = z.object({ data: z.array(ZClientUser) });

export const ZInviteUserRequest = z.object({
  email: z.email({ error: 'email must be a valid email address' }).max(254),
  fullName: label('fullName'),
  role: ZClientRole,
  brandIds: z.array(uuid('brandIds[]')).max(500).default([]),
  outletIds: z.array(uuid('outletIds[]')).max(2000).default([]),
  // Omitted: every module but Digital Marketing, off by default (the server's
  // DEFAULT_INVITE_MODULES, decision 0043). Not a zod default: this schema is in the first paint.
  modules: z.array(ZModule).optional(),
});
export type TInviteUserRequest = z.input<typeof ZInviteUserRequest>;
/** The same shape for every email (new, or an account elsewhere): the pending invitation as a list row. */
export const ZInviteUserResponse = z.object({ user: ZClientUser, invitation: ZInvitation });

export const ZAccessTokenByClientQuery = z.object({ clientId: uuid('clientId') });

/** Clients the caller may switch to (the navbar switcher; a super admin gets every client). */
export const ZMyClientsResponse = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string(), role: ZRole, current: z.boolean() })),
});
export type TMyClientsResponse = z.infer<typeof ZMyClientsResponse>;

/** The audit log's answer: `@dinedesk/contracts/audit` (only its screen reads it). */
export const ZReservGoQuery = z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(4096, 'token is too long') });
