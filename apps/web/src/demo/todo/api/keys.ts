/** TanStack Query keys of the todo demo; every change invalidates {@link todoKeys.all}. */
import type { TaskListParams } from '../schema.ts';

export const todoKeys = {
  all: ['demo', 'todo'] as const,
  list: (params: TaskListParams) => [...todoKeys.all, 'tasks', params] as const,
};
