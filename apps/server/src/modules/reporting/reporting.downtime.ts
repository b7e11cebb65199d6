import { DOWNTIME_MIN_MINUTES, type TDowntime, type TRecordedStatus, type TTimingsInterval } from '@dinedesk/contracts/reporting';
import { hhmm, intervalMinutes } from './timings.ts';

/**
 * The "recorded online status" of an outlet (docs/decisions/0037): what its orders
 * say about its scheduled hours. Neither aggregator nor till tells DineDesk when an outlet was
 * online; a long stretch of scheduled opening with no order is the only trace in the data, so
 * that is what is listed, and named so (a quiet afternoon looks the same as a closed kitchen).
 */

const DAY = 24 * 60;
const dayMs = 86_400_000;
const dayNo = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / dayMs);
const isoOf = (n: number) => new Date(n * dayMs).toISOString().slice(0, 10);
/** 0 = Monday … 6 = Sunday. */
const weekdayOf = (n: number) => (new Date(n * dayMs).getUTCDay() + 6) % 7;

/**
 * Downtime log of one outlet over the local days `[from, to]`.
 *
 * - Each day of the period that has at least one order: every scheduled opening of its weekday
 *   (`week`, 0 = Monday; an overnight one runs into the next day) is cut at its orders; each
 *   stretch with no order of at least {@link DOWNTIME_MIN_MINUTES} (opening → first order,
 *   between orders, last order → closing) is one entry.
 * - Days with no order at all are not listed (closed, or missing from the export: the data
 *   cannot tell), only counted when the schedule has them open.
 * - Openings are cut at the end of `to` (the last day with orders: nothing after it is known).
 * - Orders outside every opening (of the period's days and the day before it) are counted.
 *
 * @param week the parsed schedule (reporting/timings.ts)
 * @param orderTimes local order times `YYYY-MM-DD HH:MM` of `[from, to]`, in time order
 * @returns the figures of {@link TRecordedStatus}
 */
export function recordedStatus(week: TTimingsInterval[][], orderTimes: string[], from: string, to: string): TRecordedStatus {
  const first = dayNo(from);
  const days = dayNo(to) - first + 1;
  const end = days * DAY;
  const times = orderTimes.map((t) => (dayNo(t.slice(0, 10)) - first) * DAY + Number(t.slice(11, 13)) * 60 + Number(t.slice(14, 16))).filter((m) => m >= 0 && m < end);
  const withOrders = new Set(times.map((m) => Math.floor(m / DAY)));
  const windows = (d: number) => week[weekdayOf(first + d)]!.map(intervalMinutes).map((w) => ({ start: d * DAY + w.start, end: Math.min(end, d * DAY + w.end) }));

  let outside = 0;
  const all = Array.from({ length: days + 1 }, (_, k) => windows(k - 1)).flat();
  for (const t of times) if (!all.some((w) => t >= w.start && t <= w.end)) outside++;

  const downtime: TDowntime[] = [];
  let scheduled = 0;
  let openWithout = 0;
  for (let d = 0; d < days; d++) {
    const ws = windows(d).filter((w) => w.end > w.start);
    if (!withOrders.has(d)) {
      if (ws.length) openWithout++;
      continue;
    }
    for (const w of ws) {
      scheduled += w.end - w.start;
      const points = [w.start, ...times.filter((t) => t >= w.start && t <= w.end), w.end];
      for (let k = 1; k < points.length; k++) {
        const a = points[k - 1]!;
        const b = points[k]!;
        if (b - a < DOWNTIME_MIN_MINUTES) continue;
        const fromMin = a - d * DAY;
        const toMin = b - d * DAY;
        downtime.push({
          day: isoOf(first + d),
          weekday: weekdayOf(first + d),
          from: hhmm(fromMin >= DAY ? fromMin - DAY : fromMin),
          to: hhmm(toMin > DAY ? toMin - DAY : toMin),
          fromNextDay: fromMin >= DAY,
          toNextDay: toMin > DAY,
          minutes: b - a,
        });
      }
    }
  }
  return {
    from,
    to,
    daysWithOrders: withOrders.size,
    openDaysWithoutOrders: openWithout,
    ordersOutsideSchedule: outside,
    ordersInPeriod: times.length,
    scheduledMinutes: scheduled,
    downtimeMinutes: downtime.reduce((s, x) => s + x.minutes, 0),
    downtime,
  };
}

/** The local day `n` days after `iso` (`YYYY-MM-DD`; n may be negative). */
export const addDays = (iso: string, n: number) => isoOf(dayNo(iso) + n);
