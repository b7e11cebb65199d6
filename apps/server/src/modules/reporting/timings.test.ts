import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED_DIR } from '@dinedesk/demo-data';
import { ZParsedTimings, type TParsedTimings, type TTimingsInterval } from '@dinedesk/contracts/reporting';
import { parseTimings } from './timings.ts';

/**
 * The `timings` parser (docs/decisions/0037): exact weeks for each shape the real
 * data has, refusals with a reason for everything outside the grammar, and every distinct value
 * of the real file (the copy demo-data ships, so a fresh clone runs it).
 */

const i = (opens: string, closes: string, overnight = false): TTimingsInterval => ({ opens, closes, overnight });
/** The same openings every day. */
const daily = (...openings: TTimingsInterval[]) => Array.from({ length: 7 }, () => openings);
/** Week from Mon…Sun entries. */
const week = (...days: TTimingsInterval[][]) => days;
const weekOf = (text: string) => {
  const r = parseTimings(text);
  if (r.unparsed) throw new Error(`unparsed: ${r.reason}`);
  return r.week;
};
const reasonOf = (text: unknown) => {
  const r = parseTimings(text);
  expect(r.unparsed, JSON.stringify(r)).toBe(true);
  return (r as { reason: string }).reason;
};

describe('parseTimings: shapes of the real data', () => {
  it.each<[string, TTimingsInterval[][]]>([
    ['11 AM to 11 PM', daily(i('11:00', '23:00'))],
    ['10:30 AM to 11 PM', daily(i('10:30', '23:00'))],
    ['11am to 11pm (Mon-Sun)', daily(i('11:00', '23:00'))],
    ['11:30AM to 11PM (Mon-Sun)', daily(i('11:30', '23:00'))],
    ['12:30pm to 11:30pm (Mon-Sun)', daily(i('12:30', '23:30'))],
    ['12 Noon to 12 Midnight', daily(i('12:00', '24:00'))],
    ['12noon to 12midnight (Mon-Sun)', daily(i('12:00', '24:00'))],
    ['12Noon to 2AM (Mon-Sun)', daily(i('12:00', '02:00', true))],
    ['11:30 AM to 5 AM', daily(i('11:30', '05:00', true))],
    ['4:30 PM to 5:30 AM', daily(i('16:30', '05:30', true))],
    ['8am to 12:30AM (Mon-Sun)', daily(i('08:00', '00:30', true))],
    ['4 AM to 12 Midnight', daily(i('04:00', '24:00'))],
    ['24 Hours (Mon-Sun)', daily(i('00:00', '24:00'))],
    ['12noon to 3:30pm, 6:30pm to 11:30pm (Mon-Sun)', daily(i('12:00', '15:30'), i('18:30', '23:30'))],
    ['11:55 AM to 4 PM, 7 PM to 11:15 PM', daily(i('11:55', '16:00'), i('19:00', '23:15'))],
    ['7 AM to 10:30 AM, 12:30 PM to 3:30 PM, 7 PM to 11 PM', daily(i('07:00', '10:30'), i('12:30', '15:30'), i('19:00', '23:00'))],
    ['11 AM to 8 PM (Mon-Sat), Sun Closed', week(...Array.from({ length: 6 }, () => [i('11:00', '20:00')]), [])],
    ['12:30 PM to 10 PM (Tue-Sun), Mon Closed', week([], ...Array.from({ length: 6 }, () => [i('12:30', '22:00')]))],
    ['1 PM to 2 AM (Mon, Wed-Sun), Tue Closed', week([i('13:00', '02:00', true)], [], ...Array.from({ length: 5 }, () => [i('13:00', '02:00', true)]))],
    [
      '10 AM to 10 PM (Mon-Thu), 8 AM to 10:30 PM (Fri-Sun)',
      week(...Array.from({ length: 4 }, () => [i('10:00', '22:00')]), ...Array.from({ length: 3 }, () => [i('08:00', '22:30')])),
    ],
    [
      '11am to 11:30pm (Mon, Tue, Wed, Thu, Sun), 11am to 12midnight (Fri-Sat)',
      week(...Array.from({ length: 4 }, () => [i('11:00', '23:30')]), [i('11:00', '24:00')], [i('11:00', '24:00')], [i('11:00', '23:30')]),
    ],
    [
      '12Noon to 11PM (Mon-Thu),12Noon to 11:30PM (Fri-Sun)',
      week(...Array.from({ length: 4 }, () => [i('12:00', '23:00')]), ...Array.from({ length: 3 }, () => [i('12:00', '23:30')])),
    ],
    [
      '12 Noon to 11:30 PM (Mon-Wed), 12 Noon to 1 AM (Fri-Sat), 12 Noon to 12 Midnight (Sun), Thu Closed',
      week([i('12:00', '23:30')], [i('12:00', '23:30')], [i('12:00', '23:30')], [], [i('12:00', '01:00', true)], [i('12:00', '01:00', true)], [i('12:00', '24:00')]),
    ],
    [
      '12noon to 4:30pm, 6:30pm to 11:30pm (Mon, Tue, Wed, Fri, Sat), Closed (Thu),12noon to 12midnight (Sun)',
      week(...Array.from({ length: 3 }, () => [i('12:00', '16:30'), i('18:30', '23:30')]), [], [i('12:00', '16:30'), i('18:30', '23:30')], [i('12:00', '16:30'), i('18:30', '23:30')], [i('12:00', '24:00')]),
    ],
    [
      '6:30am to 10:30am, 12:30pm to 3pm, 7pm to 11pm (Mon),6:30am to 10:30am, 12:30pm to 3pm, 7:30pm to 11pm (Tue-Sat),6:30am to 10:30am, 12:30pm to 3:30pm, 7pm to 11pm (Sun)',
      week(
        [i('06:30', '10:30'), i('12:30', '15:00'), i('19:00', '23:00')],
        ...Array.from({ length: 5 }, () => [i('06:30', '10:30'), i('12:30', '15:00'), i('19:30', '23:00')]),
        [i('06:30', '10:30'), i('12:30', '15:30'), i('19:00', '23:00')],
      ),
    ],
  ])('%s', (text, expected) => {
    expect(weekOf(text)).toEqual(expected);
  });

  it('reads shapes the grammar allows beyond the data: a wrapping range, 12 AM / 12 PM, doubled spaces, bare Noon', () => {
    expect(weekOf('9 AM to 5 PM (Fri-Mon), Tue-Thu Closed')).toEqual(week([i('09:00', '17:00')], [], [], [], [i('09:00', '17:00')], [i('09:00', '17:00')], [i('09:00', '17:00')]));
    expect(weekOf('12 AM to 12 PM')).toEqual(daily(i('00:00', '12:00')));
    expect(weekOf('6 PM to 12 AM')).toEqual(daily(i('18:00', '24:00')));
    expect(weekOf('Noon  to  Midnight')).toEqual(daily(i('12:00', '24:00')));
    expect(weekOf('11 AM to 11 PM, Sun Closed')).toEqual(week(...Array.from({ length: 6 }, () => [i('11:00', '23:00')]), []));
  });
});

describe('parseTimings: never guesses', () => {
  it.each<[unknown, RegExp]>([
    ['', /no timings given/],
    ['   ', /no timings given/],
    [null, /no timings given/],
    [42, /no timings given/],
    ['11 AM to 11\u0000 PM', /control character/],
    ['11 AM to 11 PM\n(Mon-Sun)', /control character/],
    ['x'.repeat(10_000), /longer than 500 characters/],
    ['11 AM to 25 PM', /"25 PM" is not a time: the hour before AM or PM must be 1 to 12/],
    ['0 AM to 11 PM', /"0 AM" is not a time/],
    ['11:75 AM to 11 PM', /minutes must be 00 to 59/],
    ['11 to 23', /"11" is not a time such as 11 AM/],
    ['11:00 to 23:00', /"11:00" is not a time such as 11 AM/],
    ['11 AM - 11 PM', /is neither "<time> to <time>"/],
    ['11 AM to 11 PM (Mon-Sat)', /does not say whether Sun is open/],
    ['11 AM to 11 PM (Mon-Fri)', /does not say whether Sat, Sun are open/],
    ['11 AM to 11 PM (Mon-Sun), Sun Closed', /Sun is given twice/],
    ['11 AM to 3 PM (Mon-Sun), 6 PM to 11 PM', /"6 PM to 11 PM" names no days while other parts do/],
    ['11 AM to 4 PM, 3 PM to 11 PM', /openings of Mon overlap/],
    ['11 AM to 11 AM', /opens and closes at the same time/],
    ['4 PM to 1 PM', /"4 PM to 1 PM" would close after noon of the next day/],
    ['8 PM to 11 AM (Mon), 10 AM to 11 PM (Tue-Sun)', /Mon's opening runs past Tue's next opening/],
    ['11 AM to 11 PM (Mon-Mon)', /starts and ends on the same day/],
    ['11 AM to 11 PM (Monday-Sunday)', /"Monday-Sunday" is not a day/],
    ['11 AM to 11 PM (Mon-Sun', /a "\(" without its "\)"/],
    ['11 AM to 11 PM; Sun Closed', /holds ";"/],
    ['11 AM to 11 PM,, Sun Closed', /an empty part between commas/],
    ['Open now', /is neither/],
    ['11 AM to 11 PM (Mon, Mon-Sun)', /names Mon twice/],
  ])('%j → unparsed (%s)', (text, reason) => {
    expect(reasonOf(text)).toMatch(reason);
  });

  it('answers a 10,000-character string at once, without trying it', () => {
    const started = performance.now();
    expect(reasonOf('11 AM to 11 PM, '.repeat(700))).toMatch(/longer than 500/);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('parseTimings: every distinct value of the real file', () => {
  it('reads at least 90% of them; the rest are unparsed with a reason', () => {
    // The copy of shared/data that demo-data ships (packages/demo-data/data/README.md): unchanged.
    const csv = readFileSync(join(DEFAULT_SEED_DIR, 'restaurants_zomato_hyderabad.csv'), 'utf8');
    const rows = parse(csv, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.length).toBe(85);
    const distinct = [...new Set(rows.map((r) => r.timings ?? ''))];
    expect(distinct.length).toBe(70);
    const results: [string, TParsedTimings][] = distinct.map((t) => [t, parseTimings(t)]);
    for (const [text, r] of results) {
      expect(ZParsedTimings.safeParse(r).success, text).toBe(true);
      if (r.unparsed) expect(r.reason.length, text).toBeGreaterThan(0);
      else expect(r.week.flat().length, `${text}: open at some time`).toBeGreaterThan(0);
    }
    const parsed = results.filter(([, r]) => !r.unparsed).length;
    const left = results.filter(([, r]) => r.unparsed);
    console.log(`parsed ${parsed} of ${distinct.length} distinct timings; left for a human: ${left.length}`);
    for (const [text, r] of left) console.log(`  ${JSON.stringify(text)}: ${(r as { reason: string }).reason}`);
    expect(parsed / distinct.length).toBeGreaterThanOrEqual(0.9);
    // The one value left is the restaurant with no timings at all.
    expect(left.map(([t]) => t)).toEqual(['']);
  });
});
