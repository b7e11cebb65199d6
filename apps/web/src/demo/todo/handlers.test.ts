/**
 * The todo demo's mock rules (docs/requirements/states.md, calls.md and constants.md) through the
 * real handlers on `msw/node`, each test over fresh tasks: q, each filter, tag, each sortBy, add
 * (201, last id plus one), update, the soft delete, and 400/404s.
 */
import { describe, expect, it } from 'vitest';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import { createTodoDb, type TodoDb } from './data.ts';
import { createTodoHandlers } from './handlers.ts';
import { TODO_API, ZTaskResponse, ZTasksResponse, type TTask } from './schema.ts';

const TODAY = new Date('2026-03-10T12:00:00');
let db: TodoDb;
setupDemoServer(() => {
  const state = memoryState(() => createTodoDb(TODAY));
  db = state.data;
  return createTodoHandlers(state);
});

async function tasks(query = ''): Promise<TTask[]> {
  const response = await fetch(`${TODO_API.tasks}${query}`);
  expect(response.status).toBe(200);
  return ZTasksResponse.parse(await response.json());
}

const post = (path: string, body: unknown) =>
  fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const ids = (list: readonly TTask[]) => list.map((task) => task.id).sort((a, b) => a - b);
const expected = (test: (task: TTask) => boolean) => ids(db.tasks.filter(test));

describe('GET /apps/todo/tasks filters', () => {
  it('shows every non-deleted task without a filter', async () => {
    expect(db.tasks.some((task) => task.isDeleted)).toBe(true);
    expect(ids(await tasks())).toEqual(expected((task) => !task.isDeleted));
  });

  it('filters q on the title, case-insensitive', async () => {
    const word = db.tasks.find((task) => !task.isDeleted)?.title.split(' ')[1] ?? '';
    const found = await tasks(`?q=${encodeURIComponent(word.toUpperCase())}`);
    expect(found.length).toBeGreaterThan(0);
    expect(ids(found)).toEqual(expected((task) => !task.isDeleted && task.title.toLowerCase().includes(word.toLowerCase())));
  });

  it('filter=important shows important tasks that are not deleted', async () => {
    const hidden = db.tasks.find((task) => task.isImportant && !task.isDeleted);
    expect(hidden).toBeDefined();
    if (hidden) hidden.isDeleted = true;
    const found = await tasks('?filter=important');
    expect(found.map((task) => task.id)).not.toContain(hidden?.id);
    expect(found.length).toBeGreaterThan(0);
    expect(ids(found)).toEqual(expected((task) => task.isImportant && !task.isDeleted));
  });

  it('filter=completed shows completed tasks that are not deleted', async () => {
    const hidden = db.tasks.find((task) => task.isCompleted && !task.isDeleted);
    expect(hidden).toBeDefined();
    if (hidden) hidden.isDeleted = true;
    const found = await tasks('?filter=completed');
    expect(found.length).toBeGreaterThan(0);
    expect(ids(found)).toEqual(expected((task) => task.isCompleted && !task.isDeleted));
    expect(found.map((task) => task.id)).not.toContain(hidden?.id);
  });

  it('filter=deleted shows only deleted tasks', async () => {
    const found = await tasks('?filter=deleted');
    expect(found.length).toBeGreaterThan(0);
    expect(ids(found)).toEqual(expected((task) => task.isDeleted));
  });

  it('filters by tag, on top of the filter', async () => {
    for (const tag of ['update', 'team', 'low', 'medium', 'high']) {
      const found = await tasks(`?tag=${tag}`);
      expect(found.length, tag).toBeGreaterThan(0);
      expect(ids(found)).toEqual(expected((task) => !task.isDeleted && task.tags.includes(tag as TTask['tags'][number])));
    }
    expect(ids(await tasks('?tag=team&filter=completed'))).toEqual(expected((task) => task.isCompleted && !task.isDeleted && task.tags.includes('team')));
  });

  it('rejects an unknown filter, tag or sortBy with 400', async () => {
    for (const query of ['?filter=archived', '?tag=urgent', '?sortBy=random']) {
      const response = await fetch(`${TODO_API.tasks}${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ message: expect.stringContaining(query.slice(1, query.indexOf('='))) });
    }
  });
});

describe('GET /apps/todo/tasks sortBy', () => {
  it('latest (the default) puts the newest id first', async () => {
    const list = (await tasks()).map((task) => task.id);
    expect(list).toEqual([...list].sort((a, b) => b - a));
    expect((await tasks('?sortBy=latest')).map((task) => task.id)).toEqual(list);
  });

  it('title-asc and title-desc order by title', async () => {
    const asc = (await tasks('?sortBy=title-asc')).map((task) => task.title.toLowerCase());
    expect(asc).toEqual([...asc].sort((a, b) => a.localeCompare(b)));
    const desc = (await tasks('?sortBy=title-desc')).map((task) => task.title.toLowerCase());
    expect(desc).toEqual([...desc].sort((a, b) => b.localeCompare(a)));
  });

  it('assignee orders by name with unassigned tasks last', async () => {
    const list = await tasks('?sortBy=assignee');
    const names = list.filter((task) => task.assignee).map((task) => task.assignee?.fullName ?? '');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const firstUnassigned = list.findIndex((task) => !task.assignee);
    expect(firstUnassigned).toBeGreaterThan(0);
    expect(list.slice(firstUnassigned).every((task) => !task.assignee)).toBe(true);
  });

  it('due-date puts the soonest first and tasks without a date last', async () => {
    const list = await tasks('?sortBy=due-date');
    const dates = list.filter((task) => task.dueDate).map((task) => task.dueDate ?? '');
    expect(dates).toEqual([...dates].sort());
    const firstUndated = list.findIndex((task) => !task.dueDate);
    expect(firstUndated).toBeGreaterThan(0);
    expect(list.slice(firstUndated).every((task) => !task.dueDate)).toBe(true);
  });
});

describe('add, update and delete', () => {
  it('adds a task: 201 with the last id plus one, flags defaulted', async () => {
    const lastId = db.tasks.at(-1)?.id ?? 0;
    const response = await post(TODO_API.addTask, { task: { title: 'Count the wine cellar', dueDate: '2026-03-12', assignee: null } });
    expect(response.status).toBe(201);
    const { task } = ZTaskResponse.parse(await response.json());
    expect(task).toMatchObject({ id: lastId + 1, title: 'Count the wine cellar', isCompleted: false, isDeleted: false, isImportant: false, tags: [] });
    expect((await tasks())[0]?.id).toBe(lastId + 1);

    const bad = await post(TODO_API.addTask, { task: { title: '  ', dueDate: null, assignee: null } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: expect.stringContaining('task.title') });
  });

  it('updates a task, and answers 404 for an unknown one', async () => {
    const [first] = await tasks();
    if (!first) throw new Error('no task');
    const response = await post(TODO_API.updateTask, { task: { ...first, isCompleted: true, title: 'Renamed' } });
    expect(response.status).toBe(200);
    expect(ZTaskResponse.parse(await response.json()).task).toMatchObject({ id: first.id, isCompleted: true, title: 'Renamed' });
    expect((await tasks('?filter=completed')).map((task) => task.id)).toContain(first.id);
    expect((await post(TODO_API.updateTask, { task: { ...first, id: 999 } })).status).toBe(404);
    expect((await post(TODO_API.updateTask, { task: { ...first, tags: ['urgent'] } })).status).toBe(400);
  });

  it('deletes softly: the task moves to the deleted list and stays stored', async () => {
    const [first] = await tasks();
    const response = await fetch(`${TODO_API.deleteTask}?taskId=${first?.id}`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(ZTaskResponse.parse(await response.json()).task).toMatchObject({ id: first?.id, isDeleted: true });
    expect((await tasks()).map((task) => task.id)).not.toContain(first?.id);
    expect((await tasks('?filter=deleted')).map((task) => task.id)).toContain(first?.id);
    expect(db.tasks.find((task) => task.id === first?.id)).toBeDefined();
    expect((await fetch(`${TODO_API.deleteTask}?taskId=999`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${TODO_API.deleteTask}?taskId=abc`, { method: 'DELETE' })).status).toBe(400);
  });
});

describe('todo demo data', () => {
  it('has 20+ valid tasks, the same on every load', () => {
    const data = createTodoDb(TODAY);
    expect(data.tasks.length).toBeGreaterThanOrEqual(20);
    ZTasksResponse.parse(data.tasks);
    expect(createTodoDb(TODAY)).toEqual(data);
  });
});
