/**
 * The todo demo's initial tasks (docs/requirements/data.md#task): 24 restaurant team tasks
 * with every tag, some important, completed or soft-deleted, some unassigned or without a due
 * date. A seeded faker makes the same list on every load; due dates count from "today" (taken
 * when the db is created), so some are overdue and some ahead.
 */
import { en, Faker } from '@faker-js/faker';
import { TODO_ASSIGNEES, TODO_TAGS, type TTask } from './schema.ts';

/** The mutable state behind the todo handlers (plain JSON, kept by `DemoState`). */
export interface TodoDb {
  /** In id order (docs/requirements/constants.md: a new task's id is the last id plus one). */
  tasks: TTask[];
}

const SEED = 707;
const DAY_MS = 24 * 60 * 60 * 1000;
const TASK_COUNT = 24;

/** A local calendar date as `YYYY-MM-DD`. */
function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function titleOf(faker: Faker): string {
  return faker.helpers.arrayElement([
    () => `Order ${faker.food.ingredient().toLowerCase()} for the weekend`,
    () => `Update the ${faker.food.dish().toLowerCase()} recipe card`,
    () => 'Train new staff on the till',
    () => `Reply to the review about the ${faker.food.dish().toLowerCase()}`,
    () => 'Schedule a deep clean of the kitchen',
    () => `Plan the ${faker.date.month()} promotion`,
    () => 'Renew the alcohol licence',
    () => `Call ${faker.company.name()} about the late delivery`,
    () => `Photograph the new ${faker.food.dish().toLowerCase()} for the menu`,
    () => `Prepare the rota for the ${faker.location.city()} outlet`,
    () => 'Check the fridge temperature log',
    () => `Book a tasting for ${faker.number.int({ min: 6, max: 30 })} guests`,
  ])();
}

/** A fresh copy of the initial tasks; `today` anchors the due dates (tests may fix it). */
export function createTodoDb(today: Date = new Date()): TodoDb {
  const faker = new Faker({ locale: [en], seed: SEED });
  const titles = new Set<string>();
  /** A title no other task has (a few draws; the templates vary enough). */
  const uniqueTitle = () => {
    let title = titleOf(faker);
    for (let tries = 0; titles.has(title) && tries < 20; tries += 1) title = titleOf(faker);
    titles.add(title);
    return title;
  };
  const tasks = Array.from({ length: TASK_COUNT }, (_, i): TTask => {
    const due = faker.datatype.boolean(0.9) ? isoDate(new Date(today.getTime() + faker.number.int({ min: -12, max: 30 }) * DAY_MS)) : null;
    return {
      id: i + 1,
      title: uniqueTitle(),
      dueDate: due,
      description: `${faker.food.description()} ${faker.helpers.arrayElement(['Ask the head chef first.', 'Keep the receipts.', 'Share the result in the team chat.', 'Needs the manager’s sign-off.'])}`,
      assignee: faker.datatype.boolean(0.88) ? { ...faker.helpers.arrayElement(TODO_ASSIGNEES) } : null,
      tags: faker.helpers.arrayElements(TODO_TAGS, { min: 1, max: 2 }),
      isCompleted: faker.datatype.boolean(0.3),
      isDeleted: faker.datatype.boolean(0.1),
      isImportant: faker.datatype.boolean(0.3),
    };
  });
  // Every list the sidebar offers has something in it, whatever the seed drew.
  const at = (index: number) => tasks[index];
  const deleted = [at(4), at(17)];
  for (const task of deleted) if (task) task.isDeleted = true;
  const important = at(TASK_COUNT - 1);
  if (important) Object.assign(important, { isImportant: true, isDeleted: false });
  const done = at(TASK_COUNT - 2);
  if (done) Object.assign(done, { isCompleted: true, isDeleted: false });
  // The sorts' "last" rules show: one task without a due date, one without an assignee.
  const undated = at(1);
  if (undated) Object.assign(undated, { dueDate: null, isDeleted: false });
  const unassigned = at(2);
  if (unassigned) Object.assign(unassigned, { assignee: null, isDeleted: false });
  return { tasks };
}
