/**
 * The todo screen against the real demo handlers (`msw/node`): add a task in the drawer, complete
 * it from the list, find it under Completed (filter in the URL), sort from the menu, and delete
 * it softly from the drawer.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { setViewportWidth } from '../../testing/viewport.ts';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import { createTodoDb, type TodoDb } from './data.ts';
import { createTodoHandlers } from './handlers.ts';
import TodoApp from './todo-app.tsx';

let db: TodoDb;
setupDemoServer(() => {
  const state = memoryState(() => createTodoDb());
  db = state.data;
  return createTodoHandlers(state);
});

beforeAll(() => i18n.loadNamespaces(['demo-todo']));

const rowOf = (title: string) => {
  const row = within(screen.getByTestId('todo-list')).getByText(title).closest('li');
  if (!row) throw new Error(`no row ${title}`);
  return row as HTMLElement;
};

describe('todo app', () => {
  it('adds a task, completes it, and finds it under Completed', async () => {
    setViewportWidth(1280);
    const user = userEvent.setup();
    const { location } = renderWithProviders(<TodoApp />, { path: '/apps/todo' });
    await screen.findByTestId('todo-list');

    await user.click(screen.getByTestId('todo-add'));
    const drawer = await screen.findByTestId('todo-drawer');
    await user.click(within(drawer).getByTestId('todo-form-submit'));
    expect(within(drawer).getByText('Give the task a title.')).toBeInTheDocument();
    await user.type(within(drawer).getByTestId('todo-form-title'), 'Polish the brass bar rail');
    await user.click(within(drawer).getByTestId('todo-form-submit'));
    await waitFor(() => expect(screen.queryByTestId('todo-drawer')).not.toBeInTheDocument());
    const added = db.tasks.at(-1);
    expect(added).toMatchObject({ id: 25, title: 'Polish the brass bar rail', isCompleted: false });
    // Latest first: the new task tops the list.
    await waitFor(() => expect(within(screen.getByTestId('todo-list')).getAllByTestId('todo-title')[0]).toHaveTextContent('Polish the brass bar rail'));

    await user.click(within(rowOf('Polish the brass bar rail')).getByRole('checkbox'));
    await waitFor(() => expect(db.tasks.at(-1)?.isCompleted).toBe(true));

    await user.click(screen.getByTestId('todo-filter-completed'));
    expect(location.current?.search).toBe('?filter=completed');
    await waitFor(() => expect(rowOf('Polish the brass bar rail')).toBeInTheDocument());
    const titles = within(screen.getByTestId('todo-list')).getAllByTestId('todo-title').map((el) => el.textContent);
    expect(titles).toHaveLength(db.tasks.filter((task) => task.isCompleted && !task.isDeleted).length);
  });

  it('sorts by title from the menu (in the URL) and deletes a task softly from the drawer', async () => {
    setViewportWidth(1280);
    const user = userEvent.setup();
    const { location } = renderWithProviders(<TodoApp />, { path: '/apps/todo' });
    await screen.findByTestId('todo-list');
    await user.click(screen.getByTestId('todo-sort'));
    await user.click(await screen.findByTestId('todo-sort-title-asc'));
    expect(location.current?.search).toBe('?sortBy=title-asc');
    await waitFor(() => {
      const titles = within(screen.getByTestId('todo-list')).getAllByTestId('todo-title').map((el) => el.textContent ?? '');
      expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    });

    const first = within(screen.getByTestId('todo-list')).getAllByTestId('todo-open')[0];
    if (!first) throw new Error('no task');
    await user.click(first);
    const drawer = await screen.findByTestId('todo-drawer');
    const title = (within(drawer).getByTestId('todo-form-title') as HTMLInputElement).value;
    await user.click(within(drawer).getByTestId('todo-delete'));
    await waitFor(() => expect(within(screen.getByTestId('todo-list')).queryByText(title)).not.toBeInTheDocument());
    expect(db.tasks.find((task) => task.title === title)?.isDeleted).toBe(true);
  });
});
