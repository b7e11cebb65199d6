/**
 * Shapes of the user-management demo calls (docs/requirements/data.md#user,
 * docs/requirements/roles.md demo user-list roles, docs/requirements/calls.md,
 * docs/requirements/constants.md):
 * - `GET /api/users/list/all-data` → every user;
 * - `GET /api/users/list/data?q&perPage&page&role&currentPlan&status` → `{ users, total }`: `q`
 *   matches username or full name (case-insensitive), each filter an exact value, `perPage`
 *   10 by default, `total` counts the filtered users before paging;
 * - `GET /api/users/user?id=` → `{ user }` (404 if missing);
 * - `POST /apps/users/add-user <user without id>` → 201 `{ user }`, id = last id plus one;
 * - `DELETE /apps/users/delete?id=` → `{ id }` (404 if missing);
 * - `POST /apps/users/update-user {user}` → `{ user }`: not in the spec's list; the edit page
 *   and the view page's Suspend need somewhere to save (the template's edit form kept nothing).
 *
 * `/api/users/...` paths look like product calls, but they never leave the browser: the demo
 * mock's worker answers them (docs/requirements/calls.md#demo-mock-calls) and the product server
 * has none.
 */
import { z } from 'zod';

export const USER_ROLES = ['admin', 'editor', 'author', 'maintainer', 'subscriber'] as const;
export const USER_PLANS = ['basic', 'team', 'company', 'enterprise'] as const;
export const USER_STATUSES = ['active', 'inactive', 'pending'] as const;

/** Users per page when `perPage` is not given (docs/requirements/constants.md). */
export const USERS_PER_PAGE = 10;

export const ZUserRole = z.enum(USER_ROLES);
export const ZUserPlan = z.enum(USER_PLANS);
export const ZUserStatus = z.enum(USER_STATUSES);

/** A user (docs/requirements/data.md). `avatar` is an image URL, or '' for initials. */
export const ZUser = z.object({
  id: z.number().int().positive(),
  fullName: z.string().trim().min(1),
  company: z.string(),
  role: ZUserRole,
  username: z.string().trim().min(1),
  country: z.string(),
  contact: z.string(),
  email: z.email(),
  currentPlan: ZUserPlan,
  status: ZUserStatus,
  avatar: z.string(),
});

/** A user to add: the mock gives the id; status defaults to active, avatar to initials. */
export const ZNewUser = ZUser.omit({ id: true }).extend({
  status: ZUserStatus.default('active'),
  avatar: z.string().default(''),
});

export const ZUsersResponse = z.object({ users: z.array(ZUser), total: z.number().int().nonnegative() });
export const ZAllUsersResponse = z.array(ZUser);
export const ZUserResponse = z.object({ user: ZUser });
export const ZUpdateUserRequest = z.object({ user: ZUser });
export const ZDeleteUserResponse = z.object({ id: z.number().int() });
export const ZDemoError = z.object({ message: z.string() });

export type TUserRole = z.infer<typeof ZUserRole>;
export type TUserPlan = z.infer<typeof ZUserPlan>;
export type TUserStatus = z.infer<typeof ZUserStatus>;
export type TUser = z.infer<typeof ZUser>;
/** What a client sends to add a user (status and avatar optional). */
export type TNewUser = z.input<typeof ZNewUser>;
export type TUsersResponse = z.infer<typeof ZUsersResponse>;
export type TUserResponse = z.infer<typeof ZUserResponse>;
export type TDeleteUserResponse = z.infer<typeof ZDeleteUserResponse>;
export type TDemoError = z.infer<typeof ZDemoError>;

/** The list query (`GET /api/users/list/data`); empty filters are left out of the URL. */
export interface UsersQuery {
  q?: string;
  perPage?: number;
  page?: number;
  role?: TUserRole | '';
  currentPlan?: TUserPlan | '';
  status?: TUserStatus | '';
}

/** Paths of the user demo calls (docs/requirements/calls.md; `updateUser` is this app's
 * addition). */
export const USERS_API = {
  allData: '/api/users/list/all-data',
  list: '/api/users/list/data',
  user: '/api/users/user',
  addUser: '/apps/users/add-user',
  deleteUser: '/apps/users/delete',
  updateUser: '/apps/users/update-user',
} as const;
