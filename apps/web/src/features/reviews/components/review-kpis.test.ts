import { describe, expect, it } from 'vitest';
import { pageFixture } from '../../../testing/fixtures.ts';
import { computeKpis } from './review-kpis.tsx';

describe('computeKpis', () => {
  const a = pageFixture({ id: '1', overallStarRating: 5, ratingCount: 30, reviewCount: 10, unrepliedCount: 2 });
  const b = pageFixture({ id: '2', overallStarRating: 3, ratingCount: 10, reviewCount: 5, unrepliedCount: 1 });
  const unrated = pageFixture({ id: '3', overallStarRating: null, ratingCount: 0, reviewCount: 1, unrepliedCount: 1 });

  it('weights the average by rating count across pages', () => {
    expect(computeKpis([a, b, unrated])).toEqual({ averageRating: 4.5, ratingCount: 40, reviewCount: 16, unrepliedCount: 4 });
  });

  it('uses only the selected page', () => {
    expect(computeKpis([a, b], '2')).toEqual({ averageRating: 3, ratingCount: 10, reviewCount: 5, unrepliedCount: 1 });
  });

  it('has no average without ratings', () => {
    expect(computeKpis([unrated]).averageRating).toBeNull();
    expect(computeKpis([]).averageRating).toBeNull();
  });
});
