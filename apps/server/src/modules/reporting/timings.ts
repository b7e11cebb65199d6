import type { TParsedTimings, TTimingsInterval } from '@dinedesk/contracts/reporting';

/**
 * Parser of the free-text `timings` column of the Zomato Hyderabad restaurants
 * (`restaurants_zomato_hyderabad.csv`, e.g. "12noon to 3:30pm, 6:30pm to 11:30pm (Mon-Sun)",
 * "11 AM to 8 PM (Mon-Sat), Sun Closed"; docs/decisions/0037). No npm package reads this format:
 * `opening_hours` and its kin read OpenStreetMap's `Mo-Sa 10:00-20:00`, the Python
 * `parse-opening-hours` assumes AM where a text has none. So: a small strict grammar, and
 * everything outside it is returned unparsed with the reason, never guessed.
 *
 * Grammar (case-insensitive; spaces may be doubled; a comma may or may not have a space after it):
 *
 * ```
 * timings  := item { "," item }
 * item     := interval [ "(" days ")" ]          opening(s) of the days named, or of every day
 *           | "24 Hours" [ "(" days ")" ]        00:00 to 24:00
 *           | days " Closed" | "Closed (" days ")"
 * interval := time " to " time
 * time     := H [ ":" MM ] [" "] ("AM" | "PM")   H 1–12, MM 00–59 ("11:30AM", "11:30 am")
 *           | [ "12" [" "] ] "Noon"               12:00
 *           | [ "12" [" "] ] "Midnight"           00:00 (as a closing time: 24:00, the day's end)
 * days     := day-or-range { "," day-or-range }
 * day-or-range := day [ "-" day ]                a range may wrap: "Fri-Mon"
 * day      := Mon | Tue | Wed | Thu | Fri | Sat | Sun
 * ```
 *
 * Meaning: intervals without "(days)" before one with days belong to the same group ("12noon to
 * 3:30pm, 6:30pm to 11:30pm (Mon-Sun)": both intervals, every day). Intervals with no days at all
 * (when no item names days for an interval) apply to every day that no "Closed" item names. A
 * closing time earlier than the opening time closes on the next day (`overnight`), at noon at
 * the latest.
 *
 * Unparsed (with a reason naming the part): empty text; a control character; more than 500
 * characters; a character outside letters, digits, space and `: , ( ) -`; an item of no form
 * above; a time such as "25 PM" or "11" (no AM/PM); opening and closing at the same time; an
 * overnight opening closing after noon of the next day ("4 PM to 1 PM"); a day
 * given twice; a day the text says nothing about ("11 AM to 8 PM (Mon-Sat)" leaves Sunday
 * unknown); intervals without days next to intervals with days; openings of one day that overlap,
 * or an overnight opening running into the next day's first opening.
 *
 * @param text one `timings` value as in the CSV
 * @returns `{ unparsed: false, week }` (7 days, 0 = Monday, each day's openings by opening time;
 *   an empty day is closed) or `{ unparsed: true, reason }`
 */
export function parseTimings(text: unknown): TParsedTimings {
  try {
    return { unparsed: false, week: parse(text) };
  } catch (e) {
    if (e instanceof Unreadable) return { unparsed: true, reason: e.message };
    throw e;
  }
}

/** Longest text read: the real data's longest is 186 characters. */
export const TIMINGS_MAX_LENGTH = 500;

/** Day names, index 0 = Monday. */
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

class Unreadable extends Error {}
const fail = (reason: string): never => {
  throw new Unreadable(reason);
};
/** A fragment of the text for a reason, shortened. */
const q = (s: string) => `"${s.length > 40 ? `${s.slice(0, 40)}…` : s}"`;

// eslint-disable-next-line no-control-regex -- finding control characters (tab and line breaks too) is the point: they get their own reason
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const ALLOWED = /^[A-Za-z0-9 :,()-]*$/;

/** Minutes since midnight of a time, and whether it was written as midnight (00:00). */
function parseTime(raw: string): number {
  const s = raw.trim();
  let m = /^(\d{1,2})(?::(\d{2}))? ?(am|pm)$/i.exec(s);
  if (m) {
    const h = Number(m[1]);
    const min = m[2] === undefined ? 0 : Number(m[2]);
    if (h < 1 || h > 12) fail(`${q(s)} is not a time: the hour before AM or PM must be 1 to 12`);
    if (min > 59) fail(`${q(s)} is not a time: minutes must be 00 to 59`);
    return ((h % 12) + (m[3]!.toLowerCase() === 'pm' ? 12 : 0)) * 60 + min;
  }
  m = /^(?:12 ?)?(noon|midnight)$/i.exec(s);
  if (m) return m[1]!.toLowerCase() === 'noon' ? 12 * 60 : 0;
  return fail(`${q(s)} is not a time such as 11 AM, 11:30PM, 12 Noon or 12 Midnight`);
}

const DAY = /^(mon|tue|wed|thu|fri|sat|sun)$/i;
const dayIndex = (s: string) => WEEKDAYS.findIndex((d) => d.toLowerCase() === s.toLowerCase());

/** The weekdays (0 = Monday) of a days list such as "Mon, Wed-Sun". */
function parseDays(raw: string): number[] {
  const out: number[] = [];
  for (const part of raw.split(',').map((p) => p.trim())) {
    const [a, b, ...rest] = part.split('-').map((p) => p.trim());
    if (rest.length || !a || !DAY.test(a) || (b !== undefined && !DAY.test(b))) fail(`${q(part)} is not a day or a range of days such as Mon or Mon-Sat`);
    const from = dayIndex(a!);
    if (b === undefined) {
      out.push(from);
      continue;
    }
    const to = dayIndex(b);
    if (to === from) fail(`${q(part)} starts and ends on the same day`);
    for (let d = from; ; d = (d + 1) % 7) {
      out.push(d);
      if (d === to) break;
    }
  }
  const seen = new Set<number>();
  for (const d of out) {
    if (seen.has(d)) fail(`${q(raw)} names ${WEEKDAYS[d]} twice`);
    seen.add(d);
  }
  return out;
}

/** Splits at commas outside parentheses. */
function items(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') {
      depth++;
      if (depth > 1) fail('parentheses inside parentheses');
    } else if (c === ')') {
      depth--;
      if (depth < 0) fail('a ")" without its "("');
    } else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  if (depth !== 0) fail('a "(" without its ")"');
  out.push(text.slice(start).trim());
  return out;
}

interface Opening {
  opens: number;
  /** Minutes after the opening day's midnight (> 1440: the next day). */
  closes: number;
}

function interval(a: string, b: string, item: string): Opening {
  const opens = parseTime(a);
  let closes = parseTime(b);
  if (closes === opens) fail(`${q(item)} opens and closes at the same time`);
  if (closes < opens) {
    // "4 PM to 1 PM": 21 hours, or AM and PM swapped? Not ours to decide.
    if (closes > 12 * 60) fail(`${q(item)} would close after noon of the next day (AM and PM swapped?)`);
    closes += 24 * 60;
  }
  return { opens, closes };
}

function parse(text: unknown): TTimingsInterval[][] {
  if (typeof text !== 'string' || text.trim() === '') return fail('no timings given');
  if (text.length > TIMINGS_MAX_LENGTH) fail(`longer than ${TIMINGS_MAX_LENGTH} characters`);
  if (CONTROL.test(text)) fail('holds a control character');
  if (!ALLOWED.test(text)) fail(`holds ${q(text.replace(/[A-Za-z0-9 :,()-]/g, '').slice(0, 1))}: only letters, digits, spaces and : , ( ) - are read`);
  const clean = text.replace(/ +/g, ' ').trim();

  const week: (Opening[] | null)[] = Array.from({ length: 7 }, () => null);
  const closed = new Set<number>();
  let pending: Opening[] = [];
  let pendingText: string[] = [];
  let namedDays = false;
  const assign = (days: number[], openings: Opening[], item: string) => {
    for (const d of days) {
      if (week[d] !== null || closed.has(d)) fail(`${WEEKDAYS[d]} is given twice (again in ${q(item)})`);
      week[d] = openings;
    }
  };

  for (const item of items(clean)) {
    if (item === '') fail('an empty part between commas');
    let m = /^(.+?) to (.+?)(?: ?\(([^()]*)\))?$/i.exec(item);
    const all = /^24 hours(?: ?\(([^()]*)\))?$/i.exec(item);
    if (all) m = null;
    if (m || all) {
      pending.push(m ? interval(m[1]!, m[2]!, item) : { opens: 0, closes: 24 * 60 });
      pendingText.push(item);
      const days = m ? m[3] : all![1];
      if (days !== undefined) {
        assign(parseDays(days), pending, item);
        namedDays = true;
        pending = [];
        pendingText = [];
      }
      continue;
    }
    const closedDays = /^(.+?) closed$/i.exec(item)?.[1] ?? /^closed ?\(([^()]*)\)$/i.exec(item)?.[1];
    if (closedDays !== undefined) {
      for (const d of parseDays(closedDays)) {
        if (week[d] !== null || closed.has(d)) fail(`${WEEKDAYS[d]} is given twice (again in ${q(item)})`);
        closed.add(d);
      }
      continue;
    }
    fail(`${q(item)} is neither "<time> to <time>", "24 Hours" nor "<day> Closed"`);
  }
  if (pending.length) {
    if (namedDays) fail(`${q(pendingText.join(', '))} names no days while other parts do`);
    assign(
      [0, 1, 2, 3, 4, 5, 6].filter((d) => !closed.has(d)),
      pending,
      pendingText.join(', '),
    );
  }
  for (const d of closed) week[d] = [];
  const unknown = week.flatMap((w, d) => (w === null ? [WEEKDAYS[d]] : []));
  if (unknown.length) fail(`does not say whether ${unknown.join(', ')} ${unknown.length > 1 ? 'are' : 'is'} open`);

  const days = week.map((w) => [...w!].sort((a, b) => a.opens - b.opens));
  days.forEach((openings, d) => {
    for (let i = 1; i < openings.length; i++) {
      if (openings[i - 1]!.closes > openings[i]!.opens) fail(`the openings of ${WEEKDAYS[d]} overlap`);
    }
    const last = openings.at(-1);
    const next = days[(d + 1) % 7]![0];
    if (last && next && last.closes - 24 * 60 > next.opens) fail(`${WEEKDAYS[d]}'s opening runs past ${WEEKDAYS[(d + 1) % 7]}'s next opening`);
  });
  return days.map((openings) => openings.map(toInterval));
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Minutes → `HH:MM` (1440 → `24:00`). */
export const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

function toInterval(o: Opening): TTimingsInterval {
  if (o.closes <= 24 * 60) return { opens: hhmm(o.opens), closes: hhmm(o.closes), overnight: false };
  return { opens: hhmm(o.opens), closes: hhmm(o.closes - 24 * 60), overnight: true };
}

/**
 * An interval back in minutes after the opening day's midnight: `{ start, end }` with `end` past
 * 1440 for an overnight one. The inverse of the parser's output, for the downtime log.
 */
export function intervalMinutes(i: TTimingsInterval): { start: number; end: number } {
  const toMin = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
  return { start: toMin(i.opens), end: toMin(i.closes) + (i.overnight ? 24 * 60 : 0) };
}
