import { describe, expect, it } from 'vitest';
import { hasKeyword, matches, pickTemplate, type MatchableReview } from './automation.match.ts';

const review = (over: Partial<MatchableReview> = {}): MatchableReview => ({
  id: 7,
  source: 'google',
  outletId: 'o1',
  rating: 2,
  reviewText: 'The biryani was cold and the waiter ignored us.',
  sentiment: 'negative',
  ...over,
});

describe('automation conditions', () => {
  it('matches everything without conditions', () => {
    expect(matches({}, review())).toBe(true);
    expect(matches({}, review({ rating: null, reviewText: '', sentiment: null }))).toBe(true);
  });

  it('checks source, outlet, rating range, text, sentiment and keywords, all of them', () => {
    expect(matches({ sources: ['facebook'] }, review())).toBe(false);
    expect(matches({ sources: ['facebook', 'google'] }, review())).toBe(true);
    expect(matches({ outletIds: ['o2'] }, review())).toBe(false);
    expect(matches({ ratingMin: 1, ratingMax: 2 }, review())).toBe(true);
    expect(matches({ ratingMin: 3 }, review())).toBe(false);
    expect(matches({ ratingMax: 1 }, review())).toBe(false);
    expect(matches({ ratingMax: 5 }, review({ rating: null })), 'no rating never meets a rating condition').toBe(false);
    expect(matches({ hasText: false }, review())).toBe(false);
    expect(matches({ hasText: true }, review({ reviewText: '  ' }))).toBe(false);
    expect(matches({ sentiments: ['positive', 'neutral'] }, review())).toBe(false);
    expect(matches({ sentiments: ['negative'] }, review({ sentiment: null }))).toBe(false);
    expect(matches({ keywords: ['pizza', 'COLD'] }, review())).toBe(true);
    expect(matches({ ratingMax: 2, keywords: ['pizza'] }, review())).toBe(false);
  });

  it('matches keywords as whole words, ignoring case and accents, several words in sequence', () => {
    expect(hasKeyword('Cold food!', 'cold')).toBe(true);
    expect(hasKeyword('It was colder than ice', 'cold')).toBe(false);
    expect(hasKeyword('Le café était froid', 'cafe')).toBe(true);
    expect(hasKeyword('the waiter   ignored us', 'waiter ignored')).toBe(true);
    expect(hasKeyword('a weird text', '(weird)'), 'regex characters are literal').toBe(false);
    expect(hasKeyword('price.*', '.*')).toBe(false);
  });

  it('picks one template per review, evenly and the same every time', () => {
    const pool = ['a', 'b', 'c'];
    expect(pickTemplate(pool, 7)).toBe('b');
    expect(pickTemplate(pool, 7)).toBe(pickTemplate(pool, 7));
    expect(new Set([1, 2, 3].map((id) => pickTemplate(pool, id)))).toEqual(new Set(pool));
    expect(pickTemplate([], 1)).toBeUndefined();
  });
});
