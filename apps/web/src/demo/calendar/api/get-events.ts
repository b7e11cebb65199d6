/** `GET /apps/calendar/events?calendars=` (docs/requirements/calls.md): the events of the checked
 * calendars. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { CALENDAR_API, ZEventsResponse, type TCalendarEvent, type TCalendarName } from '../schema.ts';
import { calendarKeys } from './keys.ts';

/** Fetches the events of `calendars` (none: an empty list). @throws {DemoRequestError} */
export function getEvents(calendars: readonly TCalendarName[], signal?: AbortSignal): Promise<TCalendarEvent[]> {
  const query = new URLSearchParams({ calendars: calendars.join(',') });
  return demoRequest(`${CALENDAR_API.events}?${query.toString()}`, ZEventsResponse, { signal });
}

/** Query options of the events of `calendars`. */
export function eventsQueryOptions(calendars: readonly TCalendarName[]) {
  return queryOptions({
    queryKey: calendarKeys.events(calendars),
    queryFn: ({ signal }) => getEvents(calendars, signal),
    // Toggling a calendar keeps the other events on screen until the new list arrives.
    placeholderData: keepPreviousData,
  });
}

/** The events of the checked calendars. */
export function useEvents(calendars: readonly TCalendarName[]) {
  return useQuery(eventsQueryOptions(calendars));
}
