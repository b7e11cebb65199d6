/**
 * Shapes of the todo demo calls (docs/requirements/data.md#task, states.md and
 * calls.md#demo-mock-calls):
 * - `GET /apps/todo/tasks?q&filter&tag&sortBy` → the tasks (a bare array, as the template
 *   answers);
 * - `POST /apps/todo/add-tasks {task}` → 201 `{ task }` with its new id (last id plus one,
 *   docs/requirements/constants.md);
 * - `POST /apps/todo/update-task {task}` → `{ task }`;
 * - `DELETE /apps/todo/delete-task?taskId` → `{ task }`, soft-deleted (`isDeleted`).
 *
 * `dueDate` is a calendar date (`YYYY-MM-DD`) or null; avatars are image URLs or empty
 * (initials are shown).
 */
import { z } from 'zod';

/** Task tags (docs/requirements/data.md). */
export const TODO_TAGS = ['team', 'low', 'medium', 'high', 'update'] as const;
/** The list's `filter` values (docs/requirements/calls.md); without one the list shows every
 * non-deleted task. */
export const TODO_FILTERS = ['important', 'completed', 'deleted'] as const;
/** The list's `sortBy` values (docs/requirements/calls.md); `latest` (newest id first) is the
 * default. */
export const TODO_SORTS = ['latest', 'title-asc', 'title-desc', 'assignee', 'due-date'] as const;

export const ZTodoTag = z.enum(TODO_TAGS);
export const ZTodoFilter = z.enum(TODO_FILTERS);
export const ZTodoSort = z.enum(TODO_SORTS);

/** Who a task is assigned to (docs/requirements/data.md `assignee{fullName,avatar}`). */
export const ZAssignee = z.object({ fullName: z.string().min(1), avatar: z.string() });

/** A task (docs/requirements/data.md). */
export const ZTask = z.object({
  id: z.number().int(),
  title: z.string().trim().min(1, 'must not be empty'),
  dueDate: z.iso.date().nullable(),
  description: z.string(),
  assignee: ZAssignee.nullable(),
  tags: z.array(ZTodoTag),
  isCompleted: z.boolean(),
  isDeleted: z.boolean(),
  isImportant: z.boolean(),
});

/** A task to add: no id yet; flags, tags and description may be left out. */
export const ZNewTask = ZTask.omit({ id: true }).extend({
  description: z.string().default(''),
  tags: z.array(ZTodoTag).default([]),
  isCompleted: z.boolean().default(false),
  isDeleted: z.boolean().default(false),
  isImportant: z.boolean().default(false),
});

export const ZTasksResponse = z.array(ZTask);
export const ZAddTaskRequest = z.object({ task: ZNewTask });
export const ZUpdateTaskRequest = z.object({ task: ZTask });
export const ZTaskResponse = z.object({ task: ZTask });

export type TTodoTag = z.infer<typeof ZTodoTag>;
export type TTodoFilter = z.infer<typeof ZTodoFilter>;
export type TTodoSort = z.infer<typeof ZTodoSort>;
export type TAssignee = z.infer<typeof ZAssignee>;
export type TTask = z.infer<typeof ZTask>;
export type TNewTask = z.input<typeof ZNewTask>;
export type TTaskResponse = z.infer<typeof ZTaskResponse>;
export type TDemoError = { message: string };

/** The list call's query (docs/requirements/calls.md). */
export interface TaskListParams {
  q?: string;
  filter?: TTodoFilter;
  tag?: TTodoTag;
  sortBy?: TTodoSort;
}

const avatar = (n: number) => `${import.meta.env.BASE_URL}demo/avatars/avatar-${n}.svg`;

/** The team tasks can be assigned to (the template's fixed list of the form's assignee menu). */
export const TODO_ASSIGNEES: readonly TAssignee[] = [
  { fullName: 'Jane Foster', avatar: avatar(1) },
  { fullName: 'Donna Frank', avatar: avatar(2) },
  { fullName: 'Gabrielle Robertson', avatar: avatar(3) },
  { fullName: 'Lori Spears', avatar: '' },
  { fullName: 'Sandy Vega', avatar: avatar(5) },
  { fullName: 'Cheryl May', avatar: avatar(6) },
  { fullName: 'Marcus Ortega', avatar: '' },
  { fullName: 'Tomás Reyes', avatar: avatar(8) },
];

/** Paths of the todo demo calls (docs/requirements/calls.md). */
export const TODO_API = {
  tasks: '/apps/todo/tasks',
  addTask: '/apps/todo/add-tasks',
  updateTask: '/apps/todo/update-task',
  deleteTask: '/apps/todo/delete-task',
} as const;
