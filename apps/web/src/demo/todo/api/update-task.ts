/**
 * `POST /apps/todo/update-task {task}` → `{task}` (docs/requirements/states.md and calls.md):
 * edits, completing, starring and restoring a deleted task. The lists on screen change at once
 * (optimistic) and are refetched afterwards, so a task that leaves the list (completed under
 * "Important"…) does so on the mock's word.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { TODO_API, ZTaskResponse, type TTask, type TTaskResponse } from '../schema.ts';
import { todoKeys } from './keys.ts';

/** Replaces the stored task with `task`. @throws {DemoRequestError} (404 for an unknown id) */
export function updateTask(task: TTask): Promise<TTaskResponse> {
  return demoRequest(TODO_API.updateTask, ZTaskResponse, { method: 'POST', body: { task } });
}

/** The update mutation with its optimistic change of every cached list. */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    onMutate: async (task) => {
      await queryClient.cancelQueries({ queryKey: todoKeys.all });
      const previous = queryClient.getQueriesData<TTask[]>({ queryKey: todoKeys.all });
      queryClient.setQueriesData<TTask[]>({ queryKey: todoKeys.all }, (list) => list?.map((item) => (item.id === task.id ? task : item)));
      return { previous };
    },
    onError: (_error, _task, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: todoKeys.all }),
  });
}
