/** TanStack Query keys of the calendar demo; every change invalidates `all`. */
import type { TCalendarName } from '../schema.ts';

export const calendarKeys = {
  all: ['demo', 'calendar'] as const,
  events: (calendars: readonly TCalendarName[]) => [...calendarKeys.all, 'events', [...calendars].sort().join(',')] as const,
};
