import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED_DIR, loadSeedDir } from '@dinedesk/demo-data';
import { combinedLabel, reviewSentiment, sentimentOf } from './sentiment.ts';

describe('sentimentOf (VADER)', () => {
  it('labels praise, complaints and plain statements', () => {
    expect(sentimentOf('Amazing biryani and very friendly staff, will come again!').label).toBe('positive');
    expect(sentimentOf('The food was cold, the waiter was rude and we waited an hour. Terrible.').label).toBe('negative');
    expect(sentimentOf('We ordered two plates.').label).toBe('neutral');
  });

  it('has no sentiment without words, and survives odd input', () => {
    expect(sentimentOf('')).toEqual({ score: null, label: null });
    expect(sentimentOf('5 ★★★★★ !!!')).toEqual({ score: null, label: null });
    const long = sentimentOf('good '.repeat(100_000));
    expect(long.label).toBe('positive');
    expect(() => sentimentOf('bad\u0000\u0007 food \ud800')).not.toThrow();
  });

  it('keeps the score within −1..1', () => {
    const { score } = sentimentOf('worst worst worst horrible awful disgusting');
    expect(score).toBeGreaterThanOrEqual(-1);
    expect(score).toBeLessThan(-0.5);
  });
});

describe('combinedLabel: the words with the stars (docs/decisions/0024 "Sentiment with the stars")', () => {
  const none = { rating: null, recommendation: null } as const;

  it('never calls a 1–2★ review or a "not recommended" positive, nor a 4–5★ or "recommended" negative', () => {
    const praise = sentimentOf('Good packaging and nice staff').score;
    const complaint = sentimentOf('Cold, rude and terrible').score;
    expect(combinedLabel(praise, { rating: 1, recommendation: null })).toBe('negative');
    expect(combinedLabel(praise, { rating: 2, recommendation: null })).toBe('neutral');
    expect(combinedLabel(praise, { rating: null, recommendation: 'negative' })).toBe('neutral');
    expect(combinedLabel(complaint, { rating: 2, recommendation: null })).toBe('negative');
    expect(combinedLabel(complaint, { rating: 5, recommendation: null })).toBe('positive');
    expect(combinedLabel(complaint, { rating: 4, recommendation: null })).toBe('neutral');
    expect(combinedLabel(complaint, { rating: null, recommendation: 'positive' })).toBe('neutral');
    // Three stars, or nothing but words: the words decide.
    expect(combinedLabel(praise, { rating: 3, recommendation: null })).toBe('positive');
    expect(combinedLabel(complaint, none)).toBe('negative');
    expect(combinedLabel(null, { rating: 1, recommendation: null })).toBeNull();
    expect(reviewSentiment('Good packaging and nice staff', { rating: 1, recommendation: 'negative' })).toEqual({ score: praise, label: 'negative' });
  });

  it('on the real reviews of the demo data: no low-star review stays positive, and says how many labels change', () => {
    const { reviews } = loadSeedDir(DEFAULT_SEED_DIR);
    let changed = 0;
    let lowPositiveBefore = 0;
    const after = { positive: 0, neutral: 0, negative: 0 };
    for (const r of reviews) {
      // Stored ratings are whole stars: both sources round the data's half stars.
      const rating = r.rating === null ? null : Math.min(5, Math.max(1, Math.round(r.rating)));
      const text = sentimentOf(r.text);
      const label = combinedLabel(text.score, { rating, recommendation: rating === null ? null : rating >= 3 ? 'positive' : 'negative' });
      if (label !== text.label) changed++;
      if (rating !== null && rating <= 2 && text.label === 'positive') lowPositiveBefore++;
      if (rating !== null && rating <= 2) expect(label, r.text).not.toBe('positive');
      if (rating !== null && rating >= 4) expect(label, r.text).not.toBe('negative');
      if (label) after[label]++;
    }
    console.log(`sentiment rule on ${reviews.length} real reviews: ${changed} labels change (${lowPositiveBefore} 1–2★ reviews were positive on words alone); now ${JSON.stringify(after)}`);
    // The figures of docs/decisions/0024 "Sentiment with the stars".
    expect({ reviews: reviews.length, changed, lowPositiveBefore }).toEqual({ reviews: 1562, changed: 181, lowPositiveBefore: 67 });
  });
});
