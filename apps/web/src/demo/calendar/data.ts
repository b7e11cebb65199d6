/**
 * The calendar demo's in-memory data (docs/requirements/data.md#calendar-event; "a month of
 * events"): about thirty events in the month of `today` and a few days either side, spread
 * over the five calendars, some all-day and some spanning several days. A seeded faker and
 * dates computed from `today` make the same month look the same on every load; the browser
 * keeps the data for the session (session-state.ts), so the events stay where they were
 * created even when the session crosses midnight.
 */
import { Faker, en } from '@faker-js/faker';
import { localIsoDate } from './dates.ts';
import { CALENDARS, type TCalendarEvent, type TCalendarName } from './schema.ts';

/** The mutable state behind the calendar handlers. */
export interface CalendarDb {
  events: TCalendarEvent[];
}

const TITLES: Readonly<Record<TCalendarName, readonly string[]>> = {
  Business: ['Design Review', 'Meeting With Client', 'Quarterly Planning', 'Sprint Demo', 'Supplier Call', 'Menu Tasting'],
  Holiday: ['Public Holiday', 'Company Offsite', 'Summer Break', 'Team Retreat'],
  Personal: ['Dentist', 'Yoga Class', "Doctor's Appointment", 'Haircut', 'Running Club'],
  ETC: ['Monthly Checkup', 'Car Service', 'Library Return', 'Tax Paperwork'],
  Family: ['Family Trip', 'Birthday Party', 'Dinner With Family', 'School Play'],
};

const EVENT_COUNT = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A fresh copy of the calendar's initial events around the month of `today` (default: now,
 * read when the data is created, never at module load). Ids run from 1.
 */
export function createCalendarDb(today: Date = new Date()): CalendarDb {
  const faker = new Faker({ locale: [en], seed: 20_150 });
  const monthStart = new Date(today.getFullYear(), today.getMonth(), 1);
  const daysInMonth = new Date(today.getFullYear(), today.getMonth() + 1, 0).getDate();
  // From a few days before the month to a few after it, so the grid's outer weeks are not empty.
  const firstDay = -4;
  const span = daysInMonth + 8;
  const events: TCalendarEvent[] = [];
  for (let index = 0; index < EVENT_COUNT; index += 1) {
    const calendar = CALENDARS[index % CALENDARS.length] ?? 'Business';
    const dayOffset = firstDay + Math.floor((index * span) / EVENT_COUNT) + faker.number.int({ min: 0, max: 1 });
    const day = new Date(monthStart.getFullYear(), monthStart.getMonth(), monthStart.getDate() + dayOffset);
    const allDay = calendar === 'Holiday' || faker.number.int({ min: 0, max: 9 }) < 3;
    let start: string;
    let end: string;
    if (allDay) {
      const days = faker.number.int({ min: 1, max: 3 });
      start = localIsoDate(day);
      end = localIsoDate(new Date(day.getFullYear(), day.getMonth(), day.getDate() + days));
    } else {
      const begin = new Date(day.getFullYear(), day.getMonth(), day.getDate(), faker.number.int({ min: 8, max: 17 }), faker.helpers.arrayElement([0, 30]));
      const hours = faker.number.int({ min: 1, max: 3 });
      start = begin.toISOString();
      end = new Date(begin.getTime() + (hours * DAY_MS) / 24).toISOString();
    }
    events.push({
      id: index + 1,
      url: index % 7 === 3 ? `https://example.com/events/${index + 1}` : '',
      title: faker.helpers.arrayElement(TITLES[calendar]),
      start,
      end,
      allDay,
      extendedProps: {
        calendar,
        description: faker.lorem.sentence({ min: 6, max: 14 }),
        guests: faker.helpers.multiple(() => faker.person.fullName(), { count: { min: 0, max: 3 } }),
        location: faker.location.streetAddress(),
      },
    });
  }
  return { events };
}
