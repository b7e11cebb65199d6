/**
 * Shapes of the calendar demo calls (docs/requirements/data.md#calendar-event,
 * docs/requirements/calls.md):
 * - `GET /apps/calendar/events?calendars=Business,Holiday` → the events whose
 *   `extendedProps.calendar` is listed (an empty list answers none; no parameter, all);
 * - `POST /apps/calendar/add-event {event}` → 201 `{event}` with its new id (last id plus one,
 *   docs/requirements/constants.md);
 * - `POST /apps/calendar/update-event {event}` → `{event}`, the stored event replaced;
 * - `DELETE /apps/calendar/remove-event?id=` → `{id}`.
 *
 * Dates are ISO strings: `YYYY-MM-DD` for all-day events (the end is exclusive, as FullCalendar
 * counts it) and full ISO date-times with an offset for timed ones, so the mock's data stays
 * plain JSON (session-state.ts) and FullCalendar reads both as they are.
 */
import { z } from 'zod';

/** The five calendars an event belongs to (docs/requirements/data.md), in the sidebar's order. */
export const CALENDARS = ['Business', 'Holiday', 'Personal', 'ETC', 'Family'] as const;
export const ZCalendarName = z.enum(CALENDARS);

/** `YYYY-MM-DD` (all-day) or an ISO date-time with `Z` or an offset (timed). */
export const ZEventDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** What an event carries besides the FullCalendar fields; only `calendar` is required. */
export const ZEventExtendedProps = z.object({
  calendar: ZCalendarName,
  description: z.string().optional(),
  guests: z.array(z.string()).optional(),
  location: z.string().optional(),
});

/** A calendar event (docs/requirements/data.md: id, url, title, start, end, allDay,
 * extendedProps.calendar). */
export const ZCalendarEvent = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string().trim().min(1),
  start: ZEventDate,
  end: ZEventDate,
  allDay: z.boolean(),
  extendedProps: ZEventExtendedProps,
});

/** A new event: the mock gives it its id. */
export const ZNewCalendarEvent = ZCalendarEvent.omit({ id: true });

export const ZEventsResponse = z.array(ZCalendarEvent);
export const ZAddEventRequest = z.object({ event: ZNewCalendarEvent });
export const ZUpdateEventRequest = z.object({ event: ZCalendarEvent });
export const ZEventResponse = z.object({ event: ZCalendarEvent });
export const ZRemoveEventResponse = z.object({ id: z.number().int() });
export const ZDemoError = z.object({ message: z.string() });

export type TCalendarName = z.infer<typeof ZCalendarName>;
export type TCalendarEvent = z.infer<typeof ZCalendarEvent>;
export type TNewCalendarEvent = z.infer<typeof ZNewCalendarEvent>;
export type TEventResponse = z.infer<typeof ZEventResponse>;
export type TRemoveEventResponse = z.infer<typeof ZRemoveEventResponse>;
export type TDemoError = z.infer<typeof ZDemoError>;

/** Paths of the calendar demo calls (docs/requirements/calls.md). */
export const CALENDAR_API = {
  events: '/apps/calendar/events',
  addEvent: '/apps/calendar/add-event',
  updateEvent: '/apps/calendar/update-event',
  removeEvent: '/apps/calendar/remove-event',
} as const;
