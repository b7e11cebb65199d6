/** TanStack Query keys of the user demo; every change invalidates `all`. */
import type { UsersQuery } from '../schema.ts';

export const usersKeys = {
  all: ['demo', 'users'] as const,
  list: (query: UsersQuery) => [...usersKeys.all, 'list', query] as const,
  allData: () => [...usersKeys.all, 'all-data'] as const,
  user: (id: number) => [...usersKeys.all, 'user', id] as const,
};
