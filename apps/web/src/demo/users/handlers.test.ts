/**
 * The user demo's mock rules (docs/requirements/calls.md#demo-mock-calls and constants.md: users
 * per page 10, new ids are last id plus one) through `msw/node`, each over fresh data: `q` on
 * username and on full name, each filter, the default page size and paging totals, get (and 404),
 * add → 201, delete, and this app's update.
 */
import { describe, expect, it } from 'vitest';
import { DemoRequestError } from '../mock/demo-fetch.ts';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import { addUser } from './api/add-user.ts';
import { deleteUser } from './api/delete-user.ts';
import { getAllUsers } from './api/get-all-users.ts';
import { getUser } from './api/get-user.ts';
import { getUsers } from './api/get-users.ts';
import { updateUser } from './api/update-user.ts';
import { createUsersDb } from './data.ts';
import { createUsersHandlers } from './handlers.ts';
import { USER_PLANS, USER_ROLES, USER_STATUSES, USERS_API, ZAllUsersResponse, type TNewUser } from './schema.ts';

setupDemoServer(() => createUsersHandlers(memoryState(createUsersDb)));

const USERS = createUsersDb().users;
const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof DemoRequestError ? error.status : -1),
  );

const NEW_USER: TNewUser = {
  fullName: 'Ada Lovelace',
  company: 'Analytical Engines',
  role: 'editor',
  username: 'ada.l',
  country: 'United Kingdom',
  contact: '+44 20 7946 0000',
  email: 'ada@example.com',
  currentPlan: 'team',
};

describe('the user data (50 users)', () => {
  it('has 50 valid users, ids 1 to 50, with every role, plan and status', () => {
    expect(() => ZAllUsersResponse.parse(USERS)).not.toThrow();
    expect(USERS.map((user) => user.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(USERS.map((user) => user.role))).toEqual(new Set(USER_ROLES));
    expect(new Set(USERS.map((user) => user.currentPlan))).toEqual(new Set(USER_PLANS));
    expect(new Set(USERS.map((user) => user.status))).toEqual(new Set(USER_STATUSES));
    expect(createUsersDb()).toEqual(createUsersDb());
  });
});

describe('GET /api/users/list/all-data', () => {
  it('answers every user', async () => {
    expect(await getAllUsers()).toEqual(USERS);
  });
});

describe('GET /api/users/list/data', () => {
  it('q matches the username, ignoring case', async () => {
    // A username that is not part of its full name ("tamia.herzog-connelly"): only the
    // username rule can find it.
    const target = USERS.find((user) => !user.fullName.toLowerCase().includes(user.username));
    if (!target) throw new Error('every username is in its full name');
    const { users, total } = await getUsers({ q: target.username.toUpperCase(), perPage: 50 });
    expect(users.map((user) => user.id)).toEqual([target.id]);
    expect(total).toBe(1);
  });

  it('q matches the full name', async () => {
    // A full name with its space: never part of a username.
    const target = USERS[30];
    if (!target) throw new Error('no user 31');
    const { users } = await getUsers({ q: target.fullName.toLowerCase(), perPage: 50 });
    expect(users.map((user) => user.id)).toContain(target.id);
    expect(users.every((user) => user.fullName.toLowerCase().includes(target.fullName.toLowerCase()))).toBe(true);
  });

  it.each([
    ['role', 'maintainer'],
    ['currentPlan', 'enterprise'],
    ['status', 'pending'],
  ] as const)('filters by %s', async (field, value) => {
    const expected = USERS.filter((user) => user[field] === value);
    expect(expected.length).toBeGreaterThan(0);
    const { users, total } = await getUsers({ [field]: value, perPage: 50 });
    expect(total).toBe(expected.length);
    expect(users.map((user) => user.id)).toEqual(expected.map((user) => user.id));
  });

  it('combines the filters', async () => {
    const expected = USERS.filter((user) => user.role === 'admin' && user.status === 'active');
    const { users, total } = await getUsers({ role: 'admin', status: 'active', perPage: 50 });
    expect(total).toBe(expected.length);
    expect(users.map((user) => user.id)).toEqual(expected.map((user) => user.id));
  });

  it('answers 10 users per page by default, with the total of all pages', async () => {
    const { users, total } = await getUsers({});
    expect(users.map((user) => user.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(total).toBe(50);
  });

  it('pages with page and perPage, the last page holding the rest', async () => {
    const second = await getUsers({ page: 2, perPage: 15 });
    expect(second.users.map((user) => user.id)).toEqual(Array.from({ length: 15 }, (_, i) => i + 16));
    expect(second.total).toBe(50);
    const last = await getUsers({ page: 4, perPage: 15 });
    expect(last.users.map((user) => user.id)).toEqual([46, 47, 48, 49, 50]);
    expect((await getUsers({ page: 6 })).users).toEqual([]);
  });

  it('rejects an unknown role and a bad perPage with 400 naming the parameter', async () => {
    const role = await fetch(`${USERS_API.list}?role=owner`);
    expect(role.status).toBe(400);
    expect(((await role.json()) as { message: string }).message).toMatch(/^role:/);
    const perPage = await fetch(`${USERS_API.list}?perPage=0`);
    expect(perPage.status).toBe(400);
    expect(((await perPage.json()) as { message: string }).message).toMatch(/^perPage:/);
  });
});

describe('GET /api/users/user?id=', () => {
  it('answers the user', async () => {
    expect(await getUser(7)).toEqual(USERS[6]);
  });

  it('answers 404 for an unknown id', async () => {
    expect(await statusOf(getUser(999))).toBe(404);
  });
});

describe('POST /apps/users/add-user', () => {
  it('answers 201 with the user under the last id plus one, active, listed first', async () => {
    const response = await fetch(USERS_API.addUser, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(NEW_USER) });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ user: { ...NEW_USER, id: 51, status: 'active', avatar: '' } });
    expect((await getUsers({})).users[0]?.id).toBe(51);
    expect((await addUser({ ...NEW_USER, username: 'ada.2' })).id).toBe(52);
  });

  it('rejects an invalid email with 400 naming the field', async () => {
    const response = await fetch(USERS_API.addUser, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...NEW_USER, email: 'not-an-email' }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^user\.email:/);
  });
});

describe('DELETE /apps/users/delete?id=', () => {
  it('deletes the user', async () => {
    expect(await deleteUser(3)).toBe(3);
    expect(await statusOf(getUser(3))).toBe(404);
    expect((await getUsers({})).total).toBe(49);
  });

  it('answers 404 for an unknown id', async () => {
    expect(await statusOf(deleteUser(999))).toBe(404);
  });
});

describe('POST /apps/users/update-user {user} (this app’s addition)', () => {
  it('replaces the stored user', async () => {
    const user = USERS[4];
    if (!user) throw new Error('no user 5');
    const changed = { ...user, status: 'inactive' as const, company: 'Spice Route' };
    expect(await updateUser(changed)).toEqual(changed);
    expect(await getUser(user.id)).toEqual(changed);
    expect(await statusOf(updateUser({ ...changed, id: 999 }))).toBe(404);
  });
});
