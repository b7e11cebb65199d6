/**
 * Whether a review meets a rule's conditions, and which template of a pool answers it
 * (docs/decisions/0028). Pure functions over the stored review: the arrival job, the dry run and
 * the tests share them, so a dry run shows exactly what the live rule does.
 */
import type { TAutomationConditions, TAutomationSource } from '@dinedesk/contracts/automation';

/** The part of a stored review (or guest message: source `messenger`/`instagram`) the conditions read. */
export interface MatchableReview {
  id: number;
  source: TAutomationSource;
  outletId: string;
  rating: number | null;
  reviewText: string;
  sentiment: 'positive' | 'neutral' | 'negative' | null;
}

/** Lower case without accents, so "Café" and "cafe" are one keyword. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Whether `keyword` stands in `text` as whole words ("cold" matches "Cold food!" but not
 * "colder"); a keyword of several words matches them in sequence.
 */
export function hasKeyword(text: string, keyword: string): boolean {
  const words = fold(keyword).trim().split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (!words.length || words[0] === '') return false;
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}(?![\\p{L}\\p{N}])`, 'u').test(fold(text));
}

/**
 * Whether `review` meets every condition present (absent conditions match everything). A
 * rating condition never matches a review without a rating (a Facebook recommendation), nor a
 * message.
 */
export function matches(conditions: TAutomationConditions, review: MatchableReview): boolean {
  const c = conditions;
  // `sources` names review sources and `channels` inbox channels: a subject of the other kind never matches.
  if (c.sources && !(c.sources as readonly string[]).includes(review.source)) return false;
  if (c.channels && !(c.channels as readonly string[]).includes(review.source)) return false;
  // The rule's own outlet condition (who may see what is the caller's scope, not this).
  const ruleOutlets = c.outletIds;
  if (ruleOutlets && !ruleOutlets.includes(review.outletId)) return false;
  if (c.ratingMin !== undefined || c.ratingMax !== undefined) {
    if (review.rating === null) return false;
    if (c.ratingMin !== undefined && review.rating < c.ratingMin) return false;
    if (c.ratingMax !== undefined && review.rating > c.ratingMax) return false;
  }
  const hasText = review.reviewText.trim() !== '';
  if (c.hasText !== undefined && c.hasText !== hasText) return false;
  if (c.sentiments && (review.sentiment === null || !c.sentiments.includes(review.sentiment))) return false;
  if (c.keywords && !c.keywords.some((k) => hasKeyword(review.reviewText, k))) return false;
  return true;
}

/**
 * The template of `pool` that answers review `reviewId`: spread evenly over the reviews and the
 * same on every run for one review (a resumed run, the dry run and the live run agree).
 */
export function pickTemplate<T>(pool: readonly T[], reviewId: number): T | undefined {
  if (!pool.length) return undefined;
  return pool[reviewId % pool.length];
}
