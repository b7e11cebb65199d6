import { describe, expect, it } from 'vitest';
import { sentimentOf } from './sentiment.ts';

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
