/** `GET /apps/todo/tasks?q&filter&tag&sortBy` (docs/requirements/calls.md): the tasks of one
 * list. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { TODO_API, ZTasksResponse, type TaskListParams, type TTask } from '../schema.ts';
import { todoKeys } from './keys.ts';

/** The query string of a list (empty values left out). */
export function taskSearchParams(params: TaskListParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of ['q', 'filter', 'tag', 'sortBy'] as const) {
    const value = params[name];
    if (value) search.set(name, value);
  }
  return search;
}

/** Fetches and validates one list. @throws {DemoRequestError} */
export function getTasks(params: TaskListParams, signal?: AbortSignal): Promise<TTask[]> {
  const search = taskSearchParams(params).toString();
  return demoRequest(`${TODO_API.tasks}${search ? `?${search}` : ''}`, ZTasksResponse, { signal });
}

/** Query options of one list; the previous list stays on screen while a search refines it. */
export function tasksQueryOptions(params: TaskListParams) {
  return queryOptions({
    queryKey: todoKeys.list(params),
    queryFn: ({ signal }) => getTasks(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The tasks of the current filter, tag, search and order. */
export function useTasks(params: TaskListParams) {
  return useQuery(tasksQueryOptions(params));
}
