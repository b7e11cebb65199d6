/**
 * Times of comments and mentions: "5 minutes ago" in the UI language (`Intl.RelativeTimeFormat`),
 * with the absolute date and time beside it for the title (lib/format.ts `formatDate`). Kept in
 * the feature, not lib/format.ts: that module is part of the first paint, this is not.
 */
import { useEffect, useState } from 'react';

export { formatDate } from '../../lib/format.ts';

const MINUTE_MS = 60_000;

/** Units from the largest down, with their length in seconds (months and years approximate). */
const UNITS = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
] as const;

/** `iso` relative to `now` (ms), e.g. "3 hours ago", "yesterday", "now"; the ISO text itself when it is not a time. */
export function formatRelativeTime(iso: string, now: number, language: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const seconds = (time - now) / 1000;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, length] of UNITS) {
    if (Math.abs(seconds) >= length) return format.format(Math.round(seconds / length), unit);
  }
  return format.format(0, 'second');
}

/** The current time, refreshed every minute: enough for "5 minutes ago" to stay true while a list is open. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** Its value once it has not changed for `ms` (the mention suggestions ask the server after a pause in typing). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
