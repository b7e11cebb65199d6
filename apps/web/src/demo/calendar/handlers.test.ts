/**
 * The calendar demo's mock rules (docs/requirements/calls.md#demo-mock-calls and
 * constants.md#new-ids) through `msw/node`, each over fresh data: the calendars filter (one,
 * several, none), add → 201 with the next id, update, remove, and the 400/404 answers.
 */
import { describe, expect, it } from 'vitest';
import { DemoRequestError } from '../mock/demo-fetch.ts';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import { addEvent } from './api/add-event.ts';
import { getEvents } from './api/get-events.ts';
import { removeEvent } from './api/remove-event.ts';
import { updateEvent } from './api/update-event.ts';
import { createCalendarDb } from './data.ts';
import { createCalendarHandlers } from './handlers.ts';
import { CALENDAR_API, CALENDARS, ZEventsResponse, type TNewCalendarEvent } from './schema.ts';

const TODAY = new Date(2026, 2, 15, 10, 0);
setupDemoServer(() => createCalendarHandlers(memoryState(() => createCalendarDb(TODAY))));

const NEW_EVENT: TNewCalendarEvent = {
  url: '',
  title: 'Staff training',
  start: '2026-03-20',
  end: '2026-03-21',
  allDay: true,
  extendedProps: { calendar: 'Business', guests: ['Ada Lovelace'], location: 'Kitchen', description: 'Knife skills' },
};

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof DemoRequestError ? error.status : -1),
  );

describe('the calendar data (a month of events)', () => {
  it('has valid events in every calendar, most of them in the month of today', () => {
    const { events } = createCalendarDb(TODAY);
    expect(() => ZEventsResponse.parse(events)).not.toThrow();
    expect(new Set(events.map((event) => event.extendedProps.calendar))).toEqual(new Set(CALENDARS));
    const inMonth = events.filter((event) => event.start.startsWith('2026-03') || new Date(event.start).getMonth() === 2);
    expect(inMonth.length).toBeGreaterThanOrEqual(20);
    expect(events.some((event) => event.allDay)).toBe(true);
  });

  it('is the same on every load of the same day', () => {
    expect(createCalendarDb(TODAY)).toEqual(createCalendarDb(TODAY));
  });
});

describe('GET /apps/calendar/events?calendars=', () => {
  it('answers only the events of one calendar', async () => {
    const events = await getEvents(['Holiday']);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.extendedProps.calendar === 'Holiday')).toBe(true);
  });

  it('answers the events of several calendars', async () => {
    const all = createCalendarDb(TODAY).events;
    const events = await getEvents(['Business', 'Family']);
    const expected = all.filter((event) => ['Business', 'Family'].includes(event.extendedProps.calendar));
    expect(events.map((event) => event.id)).toEqual(expected.map((event) => event.id));
    expect(new Set(events.map((event) => event.extendedProps.calendar))).toEqual(new Set(['Business', 'Family']));
  });

  it('answers no events when no calendar is checked', async () => {
    expect(await getEvents([])).toEqual([]);
  });

  it('rejects an unknown calendar with 400 naming the parameter', async () => {
    const response = await fetch(`${CALENDAR_API.events}?calendars=Business,Work`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: expect.stringContaining('calendars') as unknown });
  });
});

describe('POST /apps/calendar/add-event {event}', () => {
  it('answers 201 with the event under the last id plus one, and lists it', async () => {
    const response = await fetch(CALENDAR_API.addEvent, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ event: NEW_EVENT }),
    });
    expect(response.status).toBe(201);
    const lastId = Math.max(...createCalendarDb(TODAY).events.map((event) => event.id));
    expect(await response.json()).toEqual({ event: { ...NEW_EVENT, id: lastId + 1 } });
    const business = await getEvents(['Business']);
    expect(business.find((event) => event.id === lastId + 1)?.title).toBe('Staff training');
    // The next one follows the event just added.
    expect((await addEvent({ ...NEW_EVENT, title: 'Wine pairing' })).id).toBe(lastId + 2);
  });

  it('rejects an event without a title with 400 naming the field', async () => {
    const response = await fetch(CALENDAR_API.addEvent, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ event: { ...NEW_EVENT, title: '' } }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^event\.title/);
  });
});

describe('POST /apps/calendar/update-event {event}', () => {
  it('replaces the stored event (a drag to another day)', async () => {
    const [first] = await getEvents(['Business']);
    if (!first) throw new Error('no Business event');
    const moved = { ...first, start: '2026-03-27', end: '2026-03-28', allDay: true, extendedProps: { ...first.extendedProps, calendar: 'Personal' as const } };
    expect(await updateEvent(moved)).toEqual(moved);
    const personal = await getEvents(['Personal']);
    expect(personal.find((event) => event.id === first.id)).toEqual(moved);
    expect((await getEvents(['Business'])).some((event) => event.id === first.id)).toBe(false);
  });

  it('answers 404 for an unknown event', async () => {
    const ghost = { ...NEW_EVENT, id: 9999 };
    expect(await statusOf(updateEvent(ghost))).toBe(404);
  });
});

describe('DELETE /apps/calendar/remove-event?id=', () => {
  it('removes the event', async () => {
    const before = await getEvents([...CALENDARS]);
    const id = before[0]?.id ?? 0;
    expect(await removeEvent(id)).toBe(id);
    const after = await getEvents([...CALENDARS]);
    expect(after).toHaveLength(before.length - 1);
    expect(after.some((event) => event.id === id)).toBe(false);
  });

  it('answers 404 for an unknown id and 400 without one', async () => {
    expect(await statusOf(removeEvent(9999))).toBe(404);
    expect((await fetch(CALENDAR_API.removeEvent, { method: 'DELETE' })).status).toBe(400);
  });
});
