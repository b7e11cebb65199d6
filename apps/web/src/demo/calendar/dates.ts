/**
 * Date helpers of the calendar demo, shared by its data and its screen. All-day events use
 * `YYYY-MM-DD` in the local time zone with an exclusive end (FullCalendar's convention); timed
 * events use ISO instants. The drawer's inputs (`<input type="date">`, `datetime-local`) show
 * local dates, and an all-day event's end inclusively ("ends on the 21st"), as people read it.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD` of `date` in the local time zone. */
export function localIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `YYYY-MM-DDTHH:mm` of `date` in the local time zone (a `datetime-local` input's value). */
export function localDateTimeInput(date: Date): string {
  return `${localIsoDate(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The local midnight of a `YYYY-MM-DD` string (`new Date('2026-03-01')` would be UTC). */
export function parseLocalDate(isoDate: string): Date {
  const [year = 1970, month = 1, day = 1] = isoDate.slice(0, 10).split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** `isoDate` moved by `days` (negative: earlier), as `YYYY-MM-DD`. */
export function addDays(isoDate: string, days: number): string {
  const date = parseLocalDate(isoDate);
  date.setDate(date.getDate() + days);
  return localIsoDate(date);
}

/** Whether `value` is a bare `YYYY-MM-DD` date (an all-day event's date). */
export function isDateOnly(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value);
}

/** The local `Date` an event date stands for (all-day dates at local midnight). */
export function eventDate(value: string): Date {
  return isDateOnly(value) ? parseLocalDate(value) : new Date(value);
}
