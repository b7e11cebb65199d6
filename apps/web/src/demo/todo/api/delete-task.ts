/** `DELETE /apps/todo/delete-task?taskId` → `{task}` (docs/requirements/states.md and calls.md): a
 * soft delete (`isDeleted`). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { TODO_API, ZTaskResponse, type TTaskResponse } from '../schema.ts';
import { todoKeys } from './keys.ts';

/** Moves a task to the deleted list. @throws {DemoRequestError} (404 for an unknown id) */
export function deleteTask(taskId: number): Promise<TTaskResponse> {
  return demoRequest(`${TODO_API.deleteTask}?taskId=${taskId}`, ZTaskResponse, { method: 'DELETE' });
}

/** The delete mutation; every list is refetched afterwards. */
export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTask, onSettled: () => queryClient.invalidateQueries({ queryKey: todoKeys.all }) });
}
