/**
 * MSW handlers of the calendar demo (docs/requirements/calls.md#demo-mock-calls), typed with the
 * schema's types:
 * - `GET /apps/calendar/events?calendars=` → the events whose `extendedProps.calendar` is in the
 *   comma-separated list; an empty list answers none, no parameter answers all; an unknown
 *   calendar name → 400;
 * - `POST /apps/calendar/add-event {event}` → 201 `{event}`, id = last id plus one
 *   (docs/requirements/constants.md);
 * - `POST /apps/calendar/update-event {event}` → `{event}`; 404 for an unknown id;
 * - `DELETE /apps/calendar/remove-event?id=` → `{id}`; 404 for an unknown id.
 * A body or parameter of the wrong shape → 400 with a `message` naming the field. Every change
 * is saved to the area's {@link DemoState}.
 */
import { http, HttpResponse, type DefaultBodyType, type RequestHandler } from 'msw';
import type { DemoState } from '../mock/session-state.ts';
import type { CalendarDb } from './data.ts';
import {
  CALENDAR_API,
  CALENDARS,
  ZAddEventRequest,
  ZUpdateEventRequest,
  type TCalendarEvent,
  type TCalendarName,
  type TDemoError,
  type TEventResponse,
  type TRemoveEventResponse,
} from './schema.ts';

const badRequest = (message: string) => HttpResponse.json<TDemoError>({ message }, { status: 400 });
const notFound = (message: string) => HttpResponse.json<TDemoError>({ message }, { status: 404 });

/** The calendars named by `?calendars=`, or an error message naming the bad entry. */
export function parseCalendars(param: string | null): TCalendarName[] | string {
  if (param === null) return [...CALENDARS];
  const names = param
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.find((name) => !(CALENDARS as readonly string[]).includes(name));
  if (unknown !== undefined) return `calendars: unknown calendar "${unknown}" (one of ${CALENDARS.join(', ')})`;
  return names as TCalendarName[];
}

/** The four calendar handlers over `state` (changed by add, update and remove). */
export function createCalendarHandlers(state: DemoState<CalendarDb>): RequestHandler[] {
  const db = state.data;
  return [
    http.get<never, never, TCalendarEvent[] | TDemoError>(CALENDAR_API.events, ({ request }) => {
      const calendars = parseCalendars(new URL(request.url).searchParams.get('calendars'));
      if (typeof calendars === 'string') return badRequest(calendars);
      return HttpResponse.json(db.events.filter((event) => calendars.includes(event.extendedProps.calendar)));
    }),

    http.post<never, DefaultBodyType, TEventResponse | TDemoError>(CALENDAR_API.addEvent, async ({ request }) => {
      const parsed = ZAddEventRequest.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return badRequest(describeIssue('event', parsed.error.issues));
      const lastId = db.events.reduce((max, event) => Math.max(max, event.id), 0);
      const event: TCalendarEvent = { ...parsed.data.event, id: lastId + 1 };
      db.events.push(event);
      state.save();
      return HttpResponse.json({ event }, { status: 201 });
    }),

    http.post<never, DefaultBodyType, TEventResponse | TDemoError>(CALENDAR_API.updateEvent, async ({ request }) => {
      const parsed = ZUpdateEventRequest.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return badRequest(describeIssue('event', parsed.error.issues));
      const index = db.events.findIndex((event) => event.id === parsed.data.event.id);
      if (index < 0) return notFound(`No event ${parsed.data.event.id}`);
      db.events[index] = parsed.data.event;
      state.save();
      return HttpResponse.json({ event: parsed.data.event });
    }),

    http.delete<never, never, TRemoveEventResponse | TDemoError>(CALENDAR_API.removeEvent, ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('id'));
      if (!Number.isInteger(id) || id <= 0) return badRequest('id: must be a positive integer');
      const index = db.events.findIndex((event) => event.id === id);
      if (index < 0) return notFound(`No event ${id}`);
      db.events.splice(index, 1);
      state.save();
      return HttpResponse.json({ id });
    }),
  ];
}

/** "event.start: Invalid input" from the first zod issue (the field a client got wrong). */
function describeIssue(root: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  if (!issue) return `Body must be {"${root}": {...}}`;
  const path = issue.path.map(String).join('.');
  return `${path || root}: ${issue.message}`;
}
