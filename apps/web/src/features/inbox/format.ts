/** Locale-aware formatting of the inbox (Intl, in the UI language). */

/** Up to two initials of a name, for avatars ("Ravi Kumar" → "RK"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((w) => Array.from(w)[0]?.toUpperCase() ?? '').join('') || '?';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A short age for the conversation list: "now", "5 min ago", "3 hr ago", "2 days ago"; a date
 * beyond a week.
 */
export function formatRelative(iso: string, now: number, language: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const age = Math.max(0, now - at);
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
  if (age < MINUTE) return rtf.format(0, 'second');
  if (age < HOUR) return rtf.format(-Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return rtf.format(-Math.floor(age / HOUR), 'hour');
  if (age < 7 * DAY) return rtf.format(-Math.floor(age / DAY), 'day');
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' }).format(at);
}

/** Time of a message: "14:05" today, else date and time. */
export function formatMessageTime(iso: string, now: number, language: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const sameDay = new Date(now).toDateString() === at.toDateString();
  return new Intl.DateTimeFormat(
    language,
    sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(at);
}

/** Full date and time, for `title` tooltips. */
export function formatFullTime(iso: string, language: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(at);
}

/** `@username` when it adds something to the name (Instagram guests are often named by it). */
export function handleOf(guest: { name: string; username: string | null }): string | null {
  if (!guest.username || guest.username === guest.name) return null;
  return `@${guest.username}`;
}
