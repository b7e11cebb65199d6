import { z } from 'zod';

/**
 * Reporting → Outlet timings (docs/requirements/routes.md route /apps/reporting/outlet-timings,
 * docs/requirements/screen-contents.md#outlet-timings; docs/decisions/0037): each outlet's
 * scheduled hours, read from the free-text `timings` of its restaurant in the real Zomato Hyderabad
 * data, and — when the outlet has imported orders — the stretches of scheduled hours with no order
 * (a downtime log).
 *
 * Imported from `@dinedesk/contracts/reporting` only (not the index barrel), like orders.
 */

/** The paths of the reporting calls (here rather than in paths.ts's `API`: first paint). */
export const REPORTING_API = {
  /** POST {outletId?} → {@link ZOutletTimingsList}: every outlet the caller sees, or the one named. */
  outletTimings: '/api/reporting/outlet-timings',
} as const;

/** Scheduled-open stretches with no order at least this long are listed in the downtime log. */
export const DOWNTIME_MIN_MINUTES = 120;
/** Days of orders (ending at the outlet's last day with an order) the downtime log looks at. */
export const DOWNTIME_PERIOD_DAYS = 28;

/** `HH:MM` on a 24-hour clock; `24:00` only as a closing time (closes at the end of that day). */
const hhmm = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/);

/**
 * One opening of a day: `opens` and `closes` local times. `overnight`: it closes on the next
 * day (`closes` earlier than `opens`, e.g. 18:00 → 02:00). Closing at midnight is `24:00`, not
 * overnight.
 */
export const ZTimingsInterval = z.object({ opens: hhmm, closes: hhmm, overnight: z.boolean() });
export type TTimingsInterval = z.infer<typeof ZTimingsInterval>;

/**
 * A parsed `timings` text: `week` has 7 days, index 0 = Monday … 6 = Sunday (ISO weekday − 1, as
 * the order heatmap), each its openings by opening time (empty: closed that day). Or unparsed:
 * the text is outside the grammar (reporting/timings.ts) and `reason` says where; nothing is guessed.
 */
export const ZParsedTimings = z.discriminatedUnion('unparsed', [
  z.object({ unparsed: z.literal(false), week: z.array(z.array(ZTimingsInterval)).length(7) }),
  z.object({ unparsed: z.literal(true), reason: z.string() }),
]);
export type TParsedTimings = z.infer<typeof ZParsedTimings>;

/** A scheduled-open stretch of at least {@link DOWNTIME_MIN_MINUTES} with no order, on a day with orders. */
export const ZDowntime = z.object({
  /** Local day the opening started (`YYYY-MM-DD`). */
  day: z.string(),
  /** 0 = Monday … 6 = Sunday, of `day`. */
  weekday: z.number().int().min(0).max(6),
  /** Start and end of the quiet stretch, local `HH:MM` (`24:00` = the end of `day`). */
  from: hhmm,
  to: hhmm,
  /** `from` / `to` are on the day after `day` (an overnight opening). */
  fromNextDay: z.boolean(),
  toNextDay: z.boolean(),
  minutes: z.number().int(),
});
export type TDowntime = z.infer<typeof ZDowntime>;

/** What the orders of the last {@link DOWNTIME_PERIOD_DAYS} days say about the outlet's scheduled hours. */
export const ZRecordedStatus = z.object({
  /** The period, local days (`YYYY-MM-DD`, both included): the 28 days ending at the last order. */
  from: z.string(),
  to: z.string(),
  /** Days of the period with at least one order (the only days whose gaps are listed). */
  daysWithOrders: z.number().int(),
  /** Days the schedule has the outlet open but no order was recorded at all (not listed as downtime). */
  openDaysWithoutOrders: z.number().int(),
  /** Orders of the period placed outside every scheduled opening (a sign the timings are out of date). */
  ordersOutsideSchedule: z.number().int(),
  ordersInPeriod: z.number().int(),
  /** Minutes of scheduled opening on the days with orders, and of those without an order for ≥ 2 h. */
  scheduledMinutes: z.number().int(),
  downtimeMinutes: z.number().int(),
  /** Oldest first. */
  downtime: z.array(ZDowntime),
});
export type TRecordedStatus = z.infer<typeof ZRecordedStatus>;

export const ZOutletTimings = z.object({
  outletId: z.string(),
  outletName: z.string(),
  brandName: z.string(),
  city: z.string(),
  /** The raw `timings` text of the outlet's restaurant; null when the data has no restaurant for it (the London takeaways). */
  timings: z.string().nullable(),
  /** The text read against the grammar; null when there is no text at all. */
  schedule: ZParsedTimings.nullable(),
  /** Orders the outlet has on record (any period). */
  orders: z.number().int(),
  /** Only when the outlet has imported orders and a parsed schedule; null otherwise. */
  recordedStatus: ZRecordedStatus.nullable(),
});
export type TOutletTimings = z.infer<typeof ZOutletTimings>;
export const ZOutletTimingsList = z.object({ data: z.array(ZOutletTimings) });
export type TOutletTimingsList = z.infer<typeof ZOutletTimingsList>;

/** `POST /api/reporting/outlet-timings`: one outlet (404 if not seen), or every outlet the caller sees. */
export const ZOutletTimingsRequest = z.object({ outletId: z.uuid({ error: 'outletId must be an id' }).optional() }).strict();
export type TOutletTimingsRequest = z.infer<typeof ZOutletTimingsRequest>;
