/**
 * MSW handlers of the todo demo (docs/requirements/states.md, calls.md#demo-mock-calls and
 * constants.md), over a `DemoState<TodoDb>` (changes are saved for the browser session):
 * - `GET /apps/todo/tasks?q&filter&tag&sortBy`: `q` on the title (case-insensitive); `filter`
 *   important (important, not deleted), completed (completed, not deleted), deleted, else every
 *   non-deleted task; `tag`; `sortBy` latest (newest id first, the default), title-asc,
 *   title-desc, assignee (by name, unassigned last) or due-date (soonest first, none last);
 * - `POST /apps/todo/add-tasks {task}` → 201 `{task}`, id last plus one;
 * - `POST /apps/todo/update-task {task}` → `{task}` (404 for an unknown id);
 * - `DELETE /apps/todo/delete-task?taskId` → `{task}`: a soft delete (`isDeleted`,
 *   docs/requirements/states.md).
 *
 * Bad input gets 400 with a `message` naming the field.
 */
import { http, HttpResponse, type DefaultBodyType, type RequestHandler } from 'msw';
import type { DemoState } from '../mock/session-state.ts';
import type { TodoDb } from './data.ts';
import {
  TODO_API,
  ZAddTaskRequest,
  ZTodoFilter,
  ZTodoSort,
  ZTodoTag,
  ZUpdateTaskRequest,
  type TaskListParams,
  type TDemoError,
  type TTask,
  type TTaskResponse,
} from './schema.ts';

const errorResponse = (status: number, message: string) => HttpResponse.json<TDemoError>({ message }, { status });

/** The first issue of a failed parse, as "field: problem". */
function describeIssue(issues: readonly { path: PropertyKey[]; message: string }[], fallback: string): string {
  const issue = issues[0];
  if (!issue) return fallback;
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** Whether a task is in the `filter` list (docs/requirements/calls.md). */
function inFilter(task: TTask, filter: TaskListParams['filter']): boolean {
  if (filter === 'important') return task.isImportant && !task.isDeleted;
  if (filter === 'completed') return task.isCompleted && !task.isDeleted;
  if (filter === 'deleted') return task.isDeleted;
  return !task.isDeleted;
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/** Orders of `sortBy` (docs/requirements/calls.md); ties fall back to the newest id first. */
const COMPARE: Record<NonNullable<TaskListParams['sortBy']>, (a: TTask, b: TTask) => number> = {
  latest: () => 0,
  'title-asc': (a, b) => byText(a.title, b.title),
  'title-desc': (a, b) => byText(b.title, a.title),
  assignee: (a, b) => (a.assignee ? 0 : 1) - (b.assignee ? 0 : 1) || byText(a.assignee?.fullName ?? '', b.assignee?.fullName ?? ''),
  'due-date': (a, b) => (a.dueDate ? 0 : 1) - (b.dueDate ? 0 : 1) || (a.dueDate ?? '').localeCompare(b.dueDate ?? ''),
};

/** The tasks of a list (docs/requirements/calls.md). */
export function listTasks(tasks: readonly TTask[], { q = '', filter, tag, sortBy = 'latest' }: TaskListParams): TTask[] {
  const query = q.trim().toLowerCase();
  const compare = COMPARE[sortBy];
  return tasks
    .filter((task) => task.title.toLowerCase().includes(query) && inFilter(task, filter) && (!tag || task.tags.includes(tag)))
    .sort((a, b) => compare(a, b) || b.id - a.id);
}

/** `q`, `filter`, `tag`, `sortBy` of a URL, or the 400 naming the bad one. */
function listParamsOf(url: URL): TaskListParams | Response {
  const params: TaskListParams = {};
  const get = (name: string) => {
    const value = url.searchParams.get(name);
    return value === null || value === '' ? undefined : value;
  };
  const q = get('q');
  if (q !== undefined) params.q = q;
  const checks = [
    ['filter', ZTodoFilter],
    ['tag', ZTodoTag],
    ['sortBy', ZTodoSort],
  ] as const;
  for (const [name, schema] of checks) {
    const raw = get(name);
    if (raw === undefined) continue;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return errorResponse(400, `${name} must be one of ${schema.options.join(', ')}`);
    Object.assign(params, { [name]: parsed.data });
  }
  return params;
}

async function jsonBody(request: Request): Promise<unknown> {
  return request.json().catch(() => null);
}

/** The todo demo handlers over `state` (its data is changed in place and saved). */
export function createTodoHandlers(state: DemoState<TodoDb>): RequestHandler[] {
  const db = state.data;
  return [
    http.get<never, never, TTask[] | TDemoError>(TODO_API.tasks, ({ request }) => {
      const params = listParamsOf(new URL(request.url));
      if (params instanceof Response) return params;
      return HttpResponse.json(listTasks(db.tasks, params).map((task) => structuredClone(task)));
    }),

    http.post<never, DefaultBodyType, TTaskResponse | TDemoError>(TODO_API.addTask, async ({ request }) => {
      const parsed = ZAddTaskRequest.safeParse(await jsonBody(request));
      if (!parsed.success) return errorResponse(400, describeIssue(parsed.error.issues, 'Body must be {task}'));
      const task: TTask = { ...parsed.data.task, id: (db.tasks.at(-1)?.id ?? 0) + 1 };
      db.tasks.push(task);
      state.save();
      return HttpResponse.json({ task: structuredClone(task) }, { status: 201 });
    }),

    http.post<never, DefaultBodyType, TTaskResponse | TDemoError>(TODO_API.updateTask, async ({ request }) => {
      const parsed = ZUpdateTaskRequest.safeParse(await jsonBody(request));
      if (!parsed.success) return errorResponse(400, describeIssue(parsed.error.issues, 'Body must be {task}'));
      const index = db.tasks.findIndex((task) => task.id === parsed.data.task.id);
      if (index < 0) return errorResponse(404, `No task ${parsed.data.task.id}`);
      db.tasks[index] = parsed.data.task;
      state.save();
      return HttpResponse.json({ task: structuredClone(parsed.data.task) });
    }),

    http.delete<never, never, TTaskResponse | TDemoError>(TODO_API.deleteTask, ({ request }) => {
      const raw = new URL(request.url).searchParams.get('taskId');
      const id = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
      if (!Number.isInteger(id)) return errorResponse(400, 'taskId must be an integer task id');
      const task = db.tasks.find((candidate) => candidate.id === id);
      if (!task) return errorResponse(404, `No task ${id}`);
      task.isDeleted = true;
      state.save();
      return HttpResponse.json({ task: structuredClone(task) });
    }),
  ];
}
