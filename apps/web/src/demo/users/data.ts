/**
 * The user-management demo's in-memory data (docs/requirements/data.md#user): fifty
 * users from a seeded faker, so every load shows the same people. Roles, plans and statuses
 * cycle through every value (docs/requirements/data.md and roles.md) so each filter finds someone;
 * about half have an avatar image (public/demo/avatars), the rest show initials, as in the
 * template.
 */
import { Faker, en } from '@faker-js/faker';
import { USER_PLANS, USER_ROLES, USER_STATUSES, type TUser } from './schema.ts';

/** The mutable state behind the user handlers; new users go first (the template's order). */
export interface UsersDb {
  users: TUser[];
}

const USER_COUNT = 50;
const AVATAR_COUNT = 8;

/** A fresh copy of the fifty initial users, ids 1 to 50. */
export function createUsersDb(): UsersDb {
  const faker = new Faker({ locale: [en], seed: 15_050 });
  const users: TUser[] = [];
  for (let id = 1; id <= USER_COUNT; id += 1) {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const username = faker.internet.username({ firstName, lastName }).toLowerCase();
    users.push({
      id,
      fullName: `${firstName} ${lastName}`,
      company: faker.company.name(),
      role: faker.helpers.arrayElement(USER_ROLES),
      username,
      country: faker.location.country(),
      contact: faker.phone.number({ style: 'national' }),
      email: faker.internet.email({ firstName, lastName }).toLowerCase(),
      currentPlan: faker.helpers.arrayElement(USER_PLANS),
      status: faker.helpers.arrayElement(USER_STATUSES),
      avatar: id % 2 === 0 ? `${import.meta.env.BASE_URL}demo/avatars/avatar-${((id / 2) % AVATAR_COUNT) + 1}.svg` : '',
    });
  }
  return { users };
}
