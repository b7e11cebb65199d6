/** `POST /apps/todo/add-tasks {task}` → 201 `{task}` (docs/requirements/calls.md; the new id is the
 * last plus one, docs/requirements/constants.md). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { TODO_API, ZTaskResponse, type TNewTask, type TTaskResponse } from '../schema.ts';
import { todoKeys } from './keys.ts';

/** Adds a task. @throws {DemoRequestError} (400 without a title) */
export function addTask(task: TNewTask): Promise<TTaskResponse> {
  return demoRequest(TODO_API.addTask, ZTaskResponse, { method: 'POST', body: { task } });
}

/** The add mutation; every list is refetched afterwards. */
export function useAddTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addTask, onSettled: () => queryClient.invalidateQueries({ queryKey: todoKeys.all }) });
}
