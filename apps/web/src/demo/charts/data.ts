/**
 * Sample figures of the charts showcase: a restaurant group's week.
 * Fixed arrays, so every render, test and screenshot draws the same charts. Day and series
 * names are keys, translated where drawn.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Covers (guests seated) per day, by service. */
export const COVERS_BY_DAY: readonly { day: Weekday; lunch: number; dinner: number }[] = [
  { day: 'mon', lunch: 84, dinner: 132 },
  { day: 'tue', lunch: 91, dinner: 140 },
  { day: 'wed', lunch: 98, dinner: 151 },
  { day: 'thu', lunch: 105, dinner: 168 },
  { day: 'fri', lunch: 122, dinner: 214 },
  { day: 'sat', lunch: 156, dinner: 238 },
  { day: 'sun', lunch: 171, dinner: 176 },
];

/** Revenue (USD) per day, by channel. */
export const REVENUE_BY_DAY: readonly { day: Weekday; dineIn: number; delivery: number; takeaway: number }[] = [
  { day: 'mon', dineIn: 2900, delivery: 1450, takeaway: 620 },
  { day: 'tue', dineIn: 3100, delivery: 1520, takeaway: 580 },
  { day: 'wed', dineIn: 3350, delivery: 1610, takeaway: 700 },
  { day: 'thu', dineIn: 3720, delivery: 1780, takeaway: 760 },
  { day: 'fri', dineIn: 4890, delivery: 2310, takeaway: 940 },
  { day: 'sat', dineIn: 5620, delivery: 2480, takeaway: 1010 },
  { day: 'sun', dineIn: 4710, delivery: 2150, takeaway: 880 },
];

/** Orders per hour of a Saturday, by channel. */
export const ORDERS_BY_HOUR: readonly { hour: string; dineIn: number; delivery: number }[] = [
  { hour: '11:00', dineIn: 8, delivery: 5 },
  { hour: '12:00', dineIn: 26, delivery: 14 },
  { hour: '13:00', dineIn: 34, delivery: 19 },
  { hour: '14:00', dineIn: 21, delivery: 12 },
  { hour: '15:00', dineIn: 9, delivery: 7 },
  { hour: '16:00', dineIn: 7, delivery: 9 },
  { hour: '17:00', dineIn: 12, delivery: 15 },
  { hour: '18:00', dineIn: 24, delivery: 22 },
  { hour: '19:00', dineIn: 41, delivery: 31 },
  { hour: '20:00', dineIn: 46, delivery: 35 },
  { hour: '21:00', dineIn: 33, delivery: 27 },
  { hour: '22:00', dineIn: 15, delivery: 18 },
];

export const DISH_CATEGORIES = ['biryani', 'curries', 'grills', 'desserts', 'drinks'] as const;
export type DishCategory = (typeof DISH_CATEGORIES)[number];

/** Dishes sold in the week, by category. */
export const DISH_MIX: readonly { category: DishCategory; dishes: number }[] = [
  { category: 'biryani', dishes: 820 },
  { category: 'curries', dishes: 610 },
  { category: 'grills', dishes: 430 },
  { category: 'desserts', dishes: 290 },
  { category: 'drinks', dishes: 540 },
];

export const SCORE_ASPECTS = ['food', 'service', 'ambience', 'value', 'speed'] as const;
export type ScoreAspect = (typeof SCORE_ASPECTS)[number];

/** Guest review scores (out of 5) of two outlets. */
export const OUTLET_SCORES: readonly { aspect: ScoreAspect; banjaraHills: number; soho: number }[] = [
  { aspect: 'food', banjaraHills: 4.7, soho: 4.4 },
  { aspect: 'service', banjaraHills: 4.2, soho: 4.6 },
  { aspect: 'ambience', banjaraHills: 4.0, soho: 4.5 },
  { aspect: 'value', banjaraHills: 4.6, soho: 3.8 },
  { aspect: 'speed', banjaraHills: 3.9, soho: 4.3 },
];

/** One day of one outlet: covers against the average bill (USD). */
export interface TicketPoint {
  covers: number;
  ticket: number;
}

/** Days of the Hyderabad and the London outlets: does a busy day mean a smaller bill? */
export const TICKETS: Readonly<Record<'hyderabad' | 'london', readonly TicketPoint[]>> = {
  hyderabad: [
    { covers: 120, ticket: 18 }, { covers: 145, ticket: 17 }, { covers: 160, ticket: 19 }, { covers: 180, ticket: 16 },
    { covers: 205, ticket: 15 }, { covers: 230, ticket: 16 }, { covers: 250, ticket: 14 }, { covers: 195, ticket: 18 },
  ],
  london: [
    { covers: 90, ticket: 34 }, { covers: 110, ticket: 31 }, { covers: 125, ticket: 33 }, { covers: 140, ticket: 29 },
    { covers: 150, ticket: 30 }, { covers: 170, ticket: 27 }, { covers: 185, ticket: 28 }, { covers: 100, ticket: 36 },
  ],
};
