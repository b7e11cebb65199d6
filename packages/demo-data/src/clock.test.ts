import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED_DIR, INDIA_OFFSET_MINUTES, WEEK_MS, loadSeedDir, newestReview, reviewShiftWeeks, shiftReviews, shiftWeeksFor } from './index.ts';

/** The demo's clock (docs/decisions/0006 "The demo's clock"). */
const data = loadSeedDir(DEFAULT_SEED_DIR);
const india = (d: Date) => new Date(d.getTime() + INDIA_OFFSET_MINUTES * 60_000);
const byArrival = (list: { reviewId: string; reviewedAt: Date }[]) =>
  [...list].sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime() || a.reviewId.localeCompare(b.reviewId)).map((r) => r.reviewId);

describe('the demo clock', () => {
  it('moves every real review by the same whole weeks: weekday, hour of day and order of arrival kept; the newest lands in the week ending on the start day', () => {
    const startedAt = new Date('2026-12-02T06:44:25Z');
    const weeks = reviewShiftWeeks(data, startedAt);
    // Newest real review: 2019-05-25 16:20 India time.
    expect(newestReview(data.reviews)!.toISOString()).toBe('2019-05-25T10:50:00.000Z');
    expect(weeks).toBe(392);
    const shifted = shiftReviews(data.reviews, weeks);
    expect(shifted).toHaveLength(data.reviews.length);
    for (const [i, r] of shifted.entries()) {
      const real = data.reviews[i]!;
      expect(r.originalReviewedAt).toBe(real.reviewedAt);
      expect(r.reviewedAt.getTime() - real.reviewedAt.getTime()).toBe(weeks * WEEK_MS);
      // The source's own local time (India) and UTC alike: same weekday, hour and minute.
      for (const view of [(d: Date) => d, india]) {
        const [a, b] = [view(r.reviewedAt), view(real.reviewedAt)];
        expect([a.getUTCDay(), a.getUTCHours(), a.getUTCMinutes()]).toEqual([b.getUTCDay(), b.getUTCHours(), b.getUTCMinutes()]);
      }
    }
    expect(byArrival(shifted)).toEqual(byArrival(data.reviews));
    const newest = newestReview(shifted)!;
    expect(newest.getTime()).toBeLessThanOrEqual(startedAt.getTime());
    expect(startedAt.getTime() - newest.getTime()).toBeLessThan(WEEK_MS);
    expect(newest.toISOString()).toBe('2026-11-28T10:50:00.000Z');
  });

  it('puts any newest time in the week ending at any later start, never after it; nothing moves when it is already there', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2010, 0, 1), max: Date.UTC(2030, 0, 1) }), fc.integer({ min: 0, max: 20 * 365 * 86_400_000 }), (newest, gap) => {
        const weeks = shiftWeeksFor(new Date(newest), new Date(newest + gap));
        expect(Number.isInteger(weeks) && weeks >= 0).toBe(true);
        const landed = newest + weeks * WEEK_MS;
        expect(landed).toBeLessThanOrEqual(newest + gap);
        expect(newest + gap - landed).toBeLessThan(WEEK_MS);
      }),
    );
    expect(shiftWeeksFor(new Date('2026-12-01T00:00:00Z'), new Date('2026-12-02T00:00:00Z'))).toBe(0);
    // A start before the data (a test clock set back): nothing moves.
    expect(shiftWeeksFor(new Date('2026-12-01T00:00:00Z'), new Date('2019-01-01T00:00:00Z'))).toBe(0);
  });
});
