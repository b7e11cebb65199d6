/**
 * Sentiment of review text at ingest (issue #11 "sentiment comes from a well-kept library,
 * computed at ingest and stored"). VADER (`vader-sentiment`, the JavaScript port of Hutto &
 * Gilbert's rule-based model tuned for short social-media text) gives a compound score in
 * −1..1; its authors' thresholds make the label: ≥ 0.05 positive, ≤ −0.05 negative, else neutral.
 * English-only, like the model; a review without words has no sentiment (null), so a rating-only
 * review is never called neutral.
 */
import { createRequire } from 'node:module';
import type { TSentiment } from '@dinedesk/contracts';

interface Vader {
  SentimentIntensityAnalyzer: { polarity_scores(text: string): { neg: number; neu: number; pos: number; compound: number } };
}
// A CommonJS bundle without types: loaded once through require.
const vader = createRequire(import.meta.url)('vader-sentiment') as Vader;

/** VADER's own thresholds on the compound score. */
export const POSITIVE_AT = 0.05;
export const NEGATIVE_AT = -0.05;
/** Longer texts are scored on their first this many characters: VADER is linear in length, and reviews this long say it early. */
const MAX_CHARS = 5000;

/**
 * @param text review text, cleaned
 * @returns the compound score (−1..1, rounded to 4 places) and its label, or nulls when the text
 *   holds no letters
 */
export function sentimentOf(text: string): { score: number | null; label: TSentiment | null } {
  if (!/\p{L}/u.test(text)) return { score: null, label: null };
  let compound: number;
  try {
    compound = vader.SentimentIntensityAnalyzer.polarity_scores(text.slice(0, MAX_CHARS)).compound;
  } catch {
    return { score: null, label: null };
  }
  if (!Number.isFinite(compound)) return { score: null, label: null };
  const score = Math.round(compound * 10_000) / 10_000;
  return { score, label: score >= POSITIVE_AT ? 'positive' : score <= NEGATIVE_AT ? 'negative' : 'neutral' };
}
