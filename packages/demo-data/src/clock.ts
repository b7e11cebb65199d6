/**
 * The demo's clock (docs/decisions/0006 "The demo's clock"): the real data is of 2017–19, the
 * screens count the last 7/30/90 days, so the demo moves each source forward by whole weeks, one
 * constant per source, far enough that its newest row lands in the week ending on the start day.
 * Whole weeks keep every weekday, hour of day, spacing and order of arrival.
 */
import type { SeedData, SeedReview } from './load.ts';

export const WEEK_MS = 7 * 86_400_000;

/**
 * Whole weeks that move `newest` to within the 7 days ending at `startedAt`, never past it.
 * @returns 0 when `newest` is already in that week or later (nothing to move)
 */
export function shiftWeeksFor(newest: Date, startedAt: Date): number {
  const gap = startedAt.getTime() - newest.getTime();
  return gap < WEEK_MS ? 0 : Math.floor(gap / WEEK_MS);
}

/** `date` moved forward by `weeks` whole weeks (a new Date). */
export function shiftByWeeks(date: Date, weeks: number): Date {
  return new Date(date.getTime() + weeks * WEEK_MS);
}

/** The newest review of the data; null without reviews. */
export function newestReview(reviews: readonly SeedReview[]): Date | null {
  let newest: number | null = null;
  for (const r of reviews) if (newest === null || r.reviewedAt.getTime() > newest) newest = r.reviewedAt.getTime();
  return newest === null ? null : new Date(newest);
}

/**
 * The reviews' shift for a demo started at `startedAt`: one constant for every review (Facebook
 * and Google alike, and the competitors' review history of the same file).
 */
export function reviewShiftWeeks(data: Pick<SeedData, 'reviews'>, startedAt: Date): number {
  const newest = newestReview(data.reviews);
  return newest ? shiftWeeksFor(newest, startedAt) : 0;
}

/** A seed review as the demo shows it: `reviewedAt` moved, the real time kept as `originalReviewedAt`. */
export interface ShiftedSeedReview extends SeedReview {
  originalReviewedAt: Date;
}

/** Every review moved forward by `weeks` (new objects; the input is left as it is). */
export function shiftReviews(reviews: readonly SeedReview[], weeks: number): ShiftedSeedReview[] {
  return reviews.map((r) => ({ ...r, reviewedAt: shiftByWeeks(r.reviewedAt, weeks), originalReviewedAt: r.reviewedAt }));
}

/**
 * What the server tells the simulator and both keep (server: the `demo_clock` row; simulator:
 * its state file), so a restart never moves the data again and both serve the same times.
 */
export interface DemoClock {
  /** ISO 8601 UTC: the start the shifts were computed from (the first seed's clock). */
  startedAt: string;
  /** Whole weeks every seeded review (Facebook, Google, Places history) was moved forward. */
  reviewsWeeks: number;
}
