/**
 * Sentiment by theme ("sentiment by theme (food, service, ambience, price, delivery)",
 * docs/decisions/0030), from review texts, with the product's sentiment library (VADER,
 * lib/sentiment.ts). No SQL: the service hands in the texts.
 *
 * A review is cut into sentences; a sentence that holds a keyword of a theme is a mention of it,
 * scored by VADER's compound score of that sentence (−1..1; ≥ 0.05 positive, ≤ −0.05 negative,
 * VADER's own thresholds). A theme's score is the mean over its mentions. Its top phrases are
 * the most frequent "word + keyword" pairs ("slow service", "good food"), ignoring filler words.
 */
import type { TCompetitorTheme, TThemeSeries } from '@dinedesk/contracts/competitors';
import { COMPETITOR_THEMES } from '@dinedesk/contracts/competitors';
import { NEGATIVE_AT, POSITIVE_AT, sentimentOf } from '../../lib/sentiment.ts';

/**
 * Keywords of each theme (lower case, whole words). Chosen from the words the Zomato reviews use
 * for each; words that are mostly about something else ("place", "order", "zomato") are left out.
 */
export const THEME_KEYWORDS: Record<TCompetitorTheme, readonly string[]> = {
  food: ['food', 'taste', 'tasty', 'tasted', 'dish', 'dishes', 'biryani', 'chicken', 'mutton', 'paneer', 'fish', 'starter', 'starters', 'dessert', 'desserts', 'menu', 'flavour', 'flavours', 'flavor', 'spicy', 'portion', 'portions', 'buffet', 'meal', 'curry', 'pizza', 'burger', 'noodles', 'soup', 'delicious', 'bland', 'cooked'],
  service: ['service', 'staff', 'waiter', 'waiters', 'served', 'manager', 'hospitality', 'courteous', 'rude', 'polite', 'attentive', 'behaviour', 'behavior', 'serving'],
  ambience: ['ambience', 'ambiance', 'atmosphere', 'decor', 'interior', 'interiors', 'music', 'seating', 'vibe', 'vibes', 'lighting', 'hygiene', 'clean', 'cleanliness', 'noisy', 'crowded'],
  price: ['price', 'prices', 'priced', 'pricing', 'cost', 'costly', 'expensive', 'cheap', 'value', 'money', 'worth', 'affordable', 'overpriced', 'bill', 'reasonable', 'pocket'],
  delivery: ['delivery', 'delivered', 'deliver', 'packing', 'packaging', 'packed', 'parcel', 'takeaway', 'rider', 'courier'],
};

/** Words that make no phrase ("the food", "and service"). */
const FILLER = new Set(['the', 'a', 'an', 'and', 'or', 'but', 'of', 'to', 'in', 'on', 'at', 'for', 'with', 'is', 'was', 'were', 'are', 'be', 'been', 'it', 'its', 'this', 'that', 'their', 'there', 'our', 'my', 'your', 'i', 'we', 'they', 'you', 'he', 'she', 'me', 'us', 'them', 'as', 'so', 'if', 'by', 'from', 'also', 'then', 'than', 'all', 'about', 'which', 'had', 'has', 'have', 'not', 'no']);

/** Phrases shown per theme. */
export const TOP_PHRASES = 3;
/** Newest reviews read per subject: enough for a stable picture, bounded cost per call. */
export const THEME_REVIEWS_MAX = 300;

const KEYWORD_THEME = new Map<string, TCompetitorTheme[]>();
for (const theme of COMPETITOR_THEMES) {
  for (const k of THEME_KEYWORDS[theme]) KEYWORD_THEME.set(k, [...(KEYWORD_THEME.get(k) ?? []), theme]);
}

const wordsOf = (s: string) => s.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').split(/[^\p{L}\p{N}']+/u).filter(Boolean);

interface Acc {
  mentions: number;
  sum: number;
  positive: number;
  negative: number;
  phrases: Map<string, number>;
}

/**
 * The theme breakdown of a set of review texts.
 * @returns one entry per theme in {@link COMPETITOR_THEMES} order; `score` null without mentions
 */
export function themesOf(texts: readonly string[]): TThemeSeries['themes'] {
  const acc = new Map<TCompetitorTheme, Acc>(COMPETITOR_THEMES.map((t) => [t, { mentions: 0, sum: 0, positive: 0, negative: 0, phrases: new Map() }]));
  for (const text of texts.slice(0, THEME_REVIEWS_MAX)) {
    for (const sentence of text.split(/[.!?\n;]+/)) {
      const words = wordsOf(sentence);
      const hit = new Set<TCompetitorTheme>();
      words.forEach((w, i) => {
        const themes = KEYWORD_THEME.get(w);
        if (!themes) return;
        const prev = words[i - 1];
        for (const t of themes) {
          hit.add(t);
          if (prev && !FILLER.has(prev) && !KEYWORD_THEME.has(prev) && /\p{L}/u.test(prev)) {
            const phrases = acc.get(t)!.phrases;
            const phrase = `${prev} ${w}`;
            phrases.set(phrase, (phrases.get(phrase) ?? 0) + 1);
          }
        }
      });
      if (!hit.size) continue;
      const { score } = sentimentOf(sentence);
      for (const t of hit) {
        const a = acc.get(t)!;
        a.mentions++;
        if (score === null) continue;
        a.sum += score;
        if (score >= POSITIVE_AT) a.positive++;
        else if (score <= NEGATIVE_AT) a.negative++;
      }
    }
  }
  return COMPETITOR_THEMES.map((theme) => {
    const a = acc.get(theme)!;
    return {
      theme,
      mentions: a.mentions,
      score: a.mentions ? Math.round((a.sum / a.mentions) * 1000) / 1000 : null,
      positive: a.positive,
      negative: a.negative,
      topPhrases: [...a.phrases]
        .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
        .slice(0, TOP_PHRASES)
        .map(([phrase, count]) => ({ phrase, count })),
    };
  });
}

/**
 * {@link themesOf}, remembered per subject and version of its reviews (VADER costs about 0.1 ms
 * a sentence; a screen of six subjects reads a few thousand). Bounded: the oldest entry goes.
 * @param version changes whenever the subject's reviews do (count and newest time)
 */
export function cachedThemesOf(key: string, version: string, texts: () => readonly string[]): TThemeSeries['themes'] {
  const id = `${key}|${version}`;
  const hit = CACHE.get(id);
  if (hit) return hit;
  const value = themesOf(texts());
  CACHE.set(id, value);
  if (CACHE.size > CACHE_MAX) CACHE.delete(CACHE.keys().next().value!);
  return value;
}
const CACHE = new Map<string, TThemeSeries['themes']>();
const CACHE_MAX = 500;
