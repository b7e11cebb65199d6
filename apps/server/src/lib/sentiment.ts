/**
 * Sentiment of review text at ingest ("sentiment comes from a well-kept library,
 * computed at ingest and stored"). VADER (`vader-sentiment`, the JavaScript port of Hutto &
 * Gilbert's rule-based model tuned for short social-media text) gives a compound score in
 * −1..1; its authors' thresholds make the text's label: ≥ 0.05 positive, ≤ −0.05 negative, else
 * neutral. English-only, like the model; a review without words has no sentiment (null), so a
 * rating-only review is never called neutral.
 *
 * A review's label combines that score with what the guest said with the stars (or Facebook's
 * recommendation), {@link reviewSentiment}: VADER alone called 1–2★ reviews positive ("good
 * packaging, but the food was cold"). The rule and its effect on the real reviews:
 * docs/decisions/0024-google-business-profile.md "Sentiment with the stars".
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
  return { score, label: textLabel(score) };
}

/** What the guest said besides the words: the stars (1–5), or Facebook's recommendation when there are none. */
export interface GuestVerdict {
  /** 1–5 stars; null when the review has none. */
  rating: number | null;
  /** Facebook's `recommendation_type`, read only when there are no stars; null for other sources. */
  recommendation: 'positive' | 'negative' | null;
}

/** The text's own label from its VADER compound score. */
export function textLabel(score: number): TSentiment {
  return score >= POSITIVE_AT ? 'positive' : score <= NEGATIVE_AT ? 'negative' : 'neutral';
}

/**
 * The label of a review from its text's VADER score and the guest's verdict
 * (docs/decisions/0024-google-business-profile.md "Sentiment with the stars"):
 * - 1★ is negative and 5★ positive, whatever the words (VADER misreads complaints that say what
 *   was good, and sarcasm);
 * - 2★ and "not recommended" without stars are negative, or neutral when the words are positive;
 * - 4★ and "recommended" without stars are positive, or neutral when the words are negative;
 * - 3★, and a review with neither stars nor recommendation: the words decide.
 * So a 1–2★ review or a "not recommended" is never positive, a 4–5★ or "recommended" never
 * negative. Half stars count as the nearer whole star below 3 and above it (2.5 → 2, 3.5 → 4).
 * @param score VADER compound score of the text (−1..1), null when the text has no words
 * @returns null when `score` is null (no words: no sentiment)
 */
export function combinedLabel(score: number | null, verdict: GuestVerdict): TSentiment | null {
  if (score === null) return null;
  const words = textLabel(score);
  const stars = verdict.rating;
  const side: 'low' | 'high' | 'mid' =
    stars !== null ? (stars < 3 ? 'low' : stars > 3 ? 'high' : 'mid') : verdict.recommendation === 'negative' ? 'low' : verdict.recommendation === 'positive' ? 'high' : 'mid';
  if (stars !== null && stars < 1.5) return 'negative';
  if (stars !== null && stars >= 4.5) return 'positive';
  if (side === 'low') return words === 'positive' ? 'neutral' : 'negative';
  if (side === 'high') return words === 'negative' ? 'neutral' : 'positive';
  return words;
}

/**
 * A review's stored sentiment: the text's VADER score (kept as is, the text's own measure) and
 * the label {@link combinedLabel} makes of it with the guest's verdict.
 * @param text review text, cleaned
 */
export function reviewSentiment(text: string, verdict: GuestVerdict): { score: number | null; label: TSentiment | null } {
  const { score } = sentimentOf(text);
  return { score, label: combinedLabel(score, verdict) };
}
