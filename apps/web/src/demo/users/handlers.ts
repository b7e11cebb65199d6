/**
 * MSW handlers of the user-management demo (docs/requirements/calls.md#demo-mock-calls and
 * constants.md), typed with the schema's types:
 * - `GET /api/users/list/all-data` → every user;
 * - `GET /api/users/list/data` → `{ users, total }`: `q` on username or full name
 *   (case-insensitive substring), exact `role`, `currentPlan`, `status` (empty: any), then
 *   page `page` (from 1) of `perPage` (default 10) users;
 * - `GET /api/users/user?id=` → `{ user }`, 404 if missing;
 * - `POST /apps/users/add-user` → 201 `{ user }` with id = last id plus one, listed first;
 * - `DELETE /apps/users/delete?id=` → `{ id }`, 404 if missing;
 * - `POST /apps/users/update-user {user}` → `{ user }`, 404 if missing (this app's addition).
 * A parameter or body of the wrong shape → 400 with a `message` naming the field. Every change
 * is saved to the area's {@link DemoState}.
 */
import { http, HttpResponse, type DefaultBodyType, type RequestHandler } from 'msw';
import type { DemoState } from '../mock/session-state.ts';
import type { UsersDb } from './data.ts';
import {
  USER_PLANS,
  USER_ROLES,
  USER_STATUSES,
  USERS_API,
  USERS_PER_PAGE,
  ZNewUser,
  ZUpdateUserRequest,
  type TDeleteUserResponse,
  type TDemoError,
  type TUser,
  type TUserResponse,
  type TUsersResponse,
} from './schema.ts';

const badRequest = (message: string) => HttpResponse.json<TDemoError>({ message }, { status: 400 });
const notFound = (message: string) => HttpResponse.json<TDemoError>({ message }, { status: 404 });

/** A positive integer parameter, its default when absent or empty, or null when invalid. */
function positiveInt(params: URLSearchParams, name: string, fallback: number): number | null {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** An enum filter: '' when absent or empty, the value when allowed, null when not. */
function enumParam<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T | '' | null {
  const raw = params.get(name) ?? '';
  if (raw === '') return '';
  return (allowed as readonly string[]).includes(raw) ? (raw as T) : null;
}

/** "user.email: Invalid email address" from the first zod issue; `root` prefixes the path. */
function describeIssue(root: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  const field = [root, ...(issue?.path.map(String) ?? [])].filter((part) => part !== '').join('.') || 'body';
  return `${field}: ${issue?.message ?? 'invalid'}`;
}

/** The users matching the list filters of `params`, or a 400 message. */
export function filterUsers(users: readonly TUser[], params: URLSearchParams): { users: TUser[]; total: number } | string {
  const perPage = positiveInt(params, 'perPage', USERS_PER_PAGE);
  if (perPage === null) return 'perPage: must be a positive integer';
  const page = positiveInt(params, 'page', 1);
  if (page === null) return 'page: must be a positive integer';
  const role = enumParam(params, 'role', USER_ROLES);
  if (role === null) return `role: must be one of ${USER_ROLES.join(', ')}`;
  const currentPlan = enumParam(params, 'currentPlan', USER_PLANS);
  if (currentPlan === null) return `currentPlan: must be one of ${USER_PLANS.join(', ')}`;
  const status = enumParam(params, 'status', USER_STATUSES);
  if (status === null) return `status: must be one of ${USER_STATUSES.join(', ')}`;
  const q = (params.get('q') ?? '').trim().toLowerCase();
  const filtered = users.filter(
    (user) =>
      (q === '' || user.username.toLowerCase().includes(q) || user.fullName.toLowerCase().includes(q)) &&
      (role === '' || user.role === role) &&
      (currentPlan === '' || user.currentPlan === currentPlan) &&
      (status === '' || user.status === status),
  );
  return { users: filtered.slice((page - 1) * perPage, page * perPage), total: filtered.length };
}

/** The user handlers over `state` (changed by add, update and delete). */
export function createUsersHandlers(state: DemoState<UsersDb>): RequestHandler[] {
  const db = state.data;
  const idParam = (request: Request): number | null => positiveInt(new URL(request.url).searchParams, 'id', 0) || null;

  return [
    http.get<never, never, TUser[]>(USERS_API.allData, () => HttpResponse.json(db.users.map((user) => ({ ...user })))),

    http.get<never, never, TUsersResponse | TDemoError>(USERS_API.list, ({ request }) => {
      const result = filterUsers(db.users, new URL(request.url).searchParams);
      return typeof result === 'string' ? badRequest(result) : HttpResponse.json(result);
    }),

    http.get<never, never, TUserResponse | TDemoError>(USERS_API.user, ({ request }) => {
      const id = idParam(request);
      if (id === null) return badRequest('id: must be a positive integer');
      const user = db.users.find((candidate) => candidate.id === id);
      return user ? HttpResponse.json({ user }) : notFound(`No user ${id}`);
    }),

    http.post<never, DefaultBodyType, TUserResponse | TDemoError>(USERS_API.addUser, async ({ request }) => {
      const parsed = ZNewUser.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return badRequest(describeIssue('user', parsed.error.issues));
      const lastId = db.users.reduce((max, user) => Math.max(max, user.id), 0);
      const user: TUser = { ...parsed.data, id: lastId + 1 };
      db.users.unshift(user);
      state.save();
      return HttpResponse.json({ user }, { status: 201 });
    }),

    http.delete<never, never, TDeleteUserResponse | TDemoError>(USERS_API.deleteUser, ({ request }) => {
      const id = idParam(request);
      if (id === null) return badRequest('id: must be a positive integer');
      const index = db.users.findIndex((user) => user.id === id);
      if (index < 0) return notFound(`No user ${id}`);
      db.users.splice(index, 1);
      state.save();
      return HttpResponse.json({ id });
    }),

    http.post<never, DefaultBodyType, TUserResponse | TDemoError>(USERS_API.updateUser, async ({ request }) => {
      const parsed = ZUpdateUserRequest.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return badRequest(describeIssue('', parsed.error.issues));
      const index = db.users.findIndex((user) => user.id === parsed.data.user.id);
      if (index < 0) return notFound(`No user ${parsed.data.user.id}`);
      db.users[index] = parsed.data.user;
      state.save();
      return HttpResponse.json({ user: parsed.data.user });
    }),
  ];
}
