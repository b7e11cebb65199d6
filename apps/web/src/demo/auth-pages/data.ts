/**
 * The demo sign-in mock's users (docs/requirements/data.md#demo-user and roles.md demo roles): the
 * template's admin (`admin@demo.com` / `admin`, manage all) and client (`client@demo.com` /
 * `client`, read ACL and Auth). Users registered in the browser session are added after them (ids:
 * last id plus one).
 */
import { DEMO_ROLE_ABILITIES, type TDemoStoredUser } from './schema.ts';

/** The mutable state behind the sign-in handlers. */
export interface AuthDb {
  users: TDemoStoredUser[];
}

const avatar = (n: number) => `${import.meta.env.BASE_URL}demo/avatars/avatar-${n}.svg`;

/** The template's two demo accounts, shown on the sign-in pages as hints. */
export const DEMO_ACCOUNTS = [
  { role: 'admin', email: 'admin@demo.com', password: 'admin' },
  { role: 'client', email: 'client@demo.com', password: 'client' },
] as const;

/** A fresh copy of the two template users. */
export function createAuthDb(): AuthDb {
  return {
    users: [
      {
        id: 1,
        fullName: 'John Doe',
        username: 'johndoe',
        password: DEMO_ACCOUNTS[0].password,
        avatar: avatar(1),
        email: DEMO_ACCOUNTS[0].email,
        role: 'admin',
        ability: DEMO_ROLE_ABILITIES.admin.map((rule) => ({ ...rule })),
        extras: { eCommerceCartItemsCount: 5 },
      },
      {
        id: 2,
        fullName: 'Jane Doe',
        username: 'janedoe',
        password: DEMO_ACCOUNTS[1].password,
        avatar: avatar(2),
        email: DEMO_ACCOUNTS[1].email,
        role: 'client',
        ability: DEMO_ROLE_ABILITIES.client.map((rule) => ({ ...rule })),
        extras: { eCommerceCartItemsCount: 5 },
      },
    ],
  };
}
