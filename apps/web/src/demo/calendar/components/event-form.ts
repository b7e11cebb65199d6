/**
 * The add/edit drawer's form (calendar-app.tsx): its values, conversions to and from a stored
 * event (dates.ts conventions: all-day ends are exclusive in storage, inclusive in the form),
 * and its zod validation; also the event a drag or resize leaves (the update-event body). Error messages are translation keys of `demo-calendar:errors`.
 */
import type { EventApi } from '@fullcalendar/react';
import { z } from 'zod';
import { addDays, eventDate, isDateOnly, localDateTimeInput, localIsoDate } from '../dates.ts';
import { ZCalendarName, type TCalendarEvent, type TCalendarName, type TNewCalendarEvent } from '../schema.ts';

/** The drawer's field values; dates as the inputs hold them (local). */
export interface EventFormValues {
  title: string;
  calendar: TCalendarName;
  allDay: boolean;
  /** `YYYY-MM-DD` when all-day, else `YYYY-MM-DDTHH:mm`. */
  start: string;
  /** Like `start`; all-day: the last day (inclusive). */
  end: string;
  url: string;
  guests: string[];
  location: string;
  description: string;
}

export type EventFormErrorKey = 'titleRequired' | 'endBeforeStart' | 'url' | 'date';
export type EventFormErrors = Partial<Record<keyof EventFormValues, EventFormErrorKey>>;

const HOUR_MS = 60 * 60 * 1000;
const KNOWN_ERRORS: readonly EventFormErrorKey[] = ['titleRequired', 'endBeforeStart', 'url', 'date'];

const ZEventForm = z
  .object({
    title: z.string().trim().min(1, 'titleRequired'),
    calendar: ZCalendarName,
    allDay: z.boolean(),
    start: z.string().min(1, 'date'),
    end: z.string().min(1, 'date'),
    url: z.union([z.literal(''), z.url({ protocol: /^https?$/, message: 'url' })]),
    guests: z.array(z.string()),
    location: z.string(),
    description: z.string(),
  })
  .refine((form) => form.start === '' || form.end === '' || eventDate(form.end).getTime() >= eventDate(form.start).getTime(), {
    path: ['end'],
    message: 'endBeforeStart',
  });

/** Empty form for a new event starting at `start` (all-day: that day; timed: one hour). */
export function newEventForm(start: Date, allDay: boolean): EventFormValues {
  const base = { title: '', calendar: 'Business' as const, url: '', guests: [], location: '', description: '' };
  if (allDay) return { ...base, allDay, start: localIsoDate(start), end: localIsoDate(start) };
  return { ...base, allDay, start: localDateTimeInput(start), end: localDateTimeInput(new Date(start.getTime() + HOUR_MS)) };
}

/** The form showing a stored event. */
export function formFromEvent(event: TCalendarEvent): EventFormValues {
  const { calendar, guests = [], location = '', description = '' } = event.extendedProps;
  const allDay = event.allDay;
  const start = allDay ? localIsoDate(eventDate(event.start)) : localDateTimeInput(eventDate(event.start));
  // Stored all-day ends are exclusive; an end on or before the start means a one-day event.
  const end = allDay
    ? isDateOnly(event.end) && event.end > start
      ? addDays(event.end, -1)
      : start
    : localDateTimeInput(eventDate(event.end));
  return { title: event.title, calendar, allDay, start, end, url: event.url, guests, location, description };
}

/** The form with all-day switched, its dates converted (timed: 09:00 to 10:00 on the start day). */
export function switchAllDay(form: EventFormValues, allDay: boolean): EventFormValues {
  if (allDay === form.allDay) return form;
  if (allDay) return { ...form, allDay, start: form.start.slice(0, 10), end: (form.end || form.start).slice(0, 10) };
  const day = form.start.slice(0, 10);
  const endDay = (form.end || form.start).slice(0, 10);
  return { ...form, allDay, start: `${day}T09:00`, end: `${endDay}T10:00` };
}

/** Field errors of `form` (empty when valid). */
export function validateEventForm(form: EventFormValues): EventFormErrors {
  const parsed = ZEventForm.safeParse(form);
  if (parsed.success) return {};
  const errors: EventFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof EventFormValues | undefined;
    if (!field || errors[field]) continue;
    const known = KNOWN_ERRORS.find((key) => key === issue.message);
    errors[field] = known ?? (field === 'url' ? 'url' : field === 'title' ? 'titleRequired' : 'date');
  }
  return errors;
}

/** The event to store for a valid `form`. */
export function eventFromForm(form: EventFormValues): TNewCalendarEvent {
  const extendedProps = {
    calendar: form.calendar,
    guests: form.guests,
    location: form.location.trim(),
    description: form.description.trim(),
  };
  const common = { title: form.title.trim(), url: form.url.trim(), allDay: form.allDay, extendedProps };
  if (form.allDay) return { ...common, start: form.start, end: addDays(form.end || form.start, 1) };
  return { ...common, start: new Date(form.start).toISOString(), end: new Date(form.end || form.start).toISOString() };
}

/** The stored event with the dates FullCalendar now shows for it (after a drag or resize). */
export function movedEvent(stored: TCalendarEvent, api: Pick<EventApi, 'start' | 'end' | 'allDay'>): TCalendarEvent {
  const { start, end, allDay } = api;
  if (!start) return stored;
  const startValue = allDay ? localIsoDate(start) : start.toISOString();
  const endValue = end ? (allDay ? localIsoDate(end) : end.toISOString()) : allDay ? addDays(startValue, 1) : new Date(start.getTime() + HOUR_MS).toISOString();
  return { ...stored, start: startValue, end: endValue, allDay };
}

