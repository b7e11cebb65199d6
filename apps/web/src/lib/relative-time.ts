/**
 * Relative times in the UI language (a complaint's age, a ticket's SLA countdown),
 * worded by `Intl` so every language gets its own units and order without strings of ours.
 * Shared by the complaints and tickets features, which may not import each other.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Unit = 'minute' | 'hour' | 'day';

/**
 * The largest unit that fits `ms` (at least one minute), and how many of it, rounded down. Hours
 * run up to two days: "1 day" for 47 hours would hide most of a day of an SLA.
 */
function fit(ms: number): { value: number; unit: Unit } {
  const abs = Math.abs(ms);
  if (abs < HOUR) return { value: Math.max(1, Math.floor(abs / MINUTE)), unit: 'minute' };
  if (abs < 2 * DAY) return { value: Math.floor(abs / HOUR), unit: 'hour' };
  return { value: Math.floor(abs / DAY), unit: 'day' };
}

/** How long ago `iso` was: "now", "5 min. ago", "3 hr. ago", "2 days ago". */
export function formatAge(iso: string, now: number, language: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const age = Math.max(0, now - at);
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
  if (age < MINUTE) return rtf.format(0, 'second');
  const { value, unit } = fit(age);
  return rtf.format(-value, unit);
}

/** A length of time as units: "3 hours", "2 days" (at least one minute). */
export function formatDuration(ms: number, language: string): string {
  const { value, unit } = fit(ms);
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** Milliseconds from `now` to `iso` (negative once it has passed); NaN for a bad time. */
export function msUntil(iso: string, now: number): number {
  return Date.parse(iso) - now;
}
