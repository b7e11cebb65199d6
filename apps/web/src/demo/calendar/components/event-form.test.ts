/**
 * The calendar drawer's form and the drag/resize conversion (docs/requirements/data.md event
 * fields): all-day ends are exclusive in storage and inclusive in the form, timed events round-trip
 * through local inputs, validation names the field, and a moved event keeps its other fields.
 */
import { describe, expect, it } from 'vitest';
import type { TCalendarEvent } from '../schema.ts';
import { eventFromForm, formFromEvent, movedEvent, newEventForm, switchAllDay, validateEventForm } from './event-form.ts';

const ALL_DAY: TCalendarEvent = {
  id: 4,
  url: '',
  title: 'Team Retreat',
  start: '2026-03-10',
  end: '2026-03-13',
  allDay: true,
  extendedProps: { calendar: 'Holiday', guests: ['Ada'], location: 'Lake', description: 'Three days' },
};

describe('the event form', () => {
  it('shows an all-day event with its last day, and stores it back with the exclusive end', () => {
    const form = formFromEvent(ALL_DAY);
    expect([form.start, form.end, form.allDay]).toEqual(['2026-03-10', '2026-03-12', true]);
    const { id: _id, ...stored } = ALL_DAY;
    expect(eventFromForm(form)).toEqual(stored);
  });

  it('round-trips a timed event through the local inputs', () => {
    const start = new Date(2026, 2, 10, 9, 30);
    const end = new Date(2026, 2, 10, 11, 0);
    const timed: TCalendarEvent = { ...ALL_DAY, allDay: false, start: start.toISOString(), end: end.toISOString() };
    const form = formFromEvent(timed);
    expect([form.start, form.end]).toEqual(['2026-03-10T09:30', '2026-03-10T11:00']);
    const stored = eventFromForm(form);
    expect([stored.start, stored.end, stored.allDay]).toEqual([start.toISOString(), end.toISOString(), false]);
  });

  it('starts a new event on the clicked day, and converts dates when all-day is switched', () => {
    const form = newEventForm(new Date(2026, 2, 10, 14, 0), false);
    expect([form.start, form.end]).toEqual(['2026-03-10T14:00', '2026-03-10T15:00']);
    const allDay = switchAllDay(form, true);
    expect([allDay.start, allDay.end]).toEqual(['2026-03-10', '2026-03-10']);
    expect(switchAllDay(allDay, false).start).toBe('2026-03-10T09:00');
  });

  it('requires a title, an end not before the start, and a full URL', () => {
    const form = { ...newEventForm(new Date(2026, 2, 10), true), title: ' ', end: '2026-03-09', url: 'example.com' };
    expect(validateEventForm(form)).toEqual({ title: 'titleRequired', end: 'endBeforeStart', url: 'url' });
    expect(validateEventForm({ ...form, title: 'Tasting', end: '2026-03-10', url: 'https://example.com' })).toEqual({});
  });
});

describe('a dragged or resized event (update-event body)', () => {
  it('takes the new dates and keeps every other field', () => {
    const moved = movedEvent(ALL_DAY, { start: new Date(2026, 2, 12), end: new Date(2026, 2, 15), allDay: true });
    expect(moved).toEqual({ ...ALL_DAY, start: '2026-03-12', end: '2026-03-15' });
    const timed = movedEvent(ALL_DAY, { start: new Date(2026, 2, 12, 10), end: null, allDay: false });
    expect([timed.start, timed.end, timed.allDay]).toEqual([new Date(2026, 2, 12, 10).toISOString(), new Date(2026, 2, 12, 11).toISOString(), false]);
  });
});
