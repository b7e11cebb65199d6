import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDemoPages } from '../modules/meta/index.ts';
// eslint-disable-next-line no-restricted-imports -- runs the review sync itself over the migrated rows
import { syncPage } from '../modules/reviews/review-sync.service.ts';
import { startHarness, type Harness } from '../test/harness.ts';
import { combinedLabel } from './sentiment.ts';

/**
 * Stored labels of existing rows follow the sentiment rule (docs/decisions/0024 "Sentiment with
 * the stars"): the migration's SQL, run over synced reviews labelled by the words alone (as rows
 * stored before the rule were), gives every row the label lib/sentiment.ts gives it at ingest.
 */
const MIGRATION = readFileSync(fileURLToPath(new URL('../../drizzle/0026_sentiment_with_stars.sql', import.meta.url)), 'utf8');

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ sync: false });
  await h.server.app.ready();
  await connectDemoPages(h.server.ctx, { warn: () => undefined });
  // Four pages' real reviews are enough rows of every kind, and quicker than the whole sync.
  const pages = (await h.server.ctx.database.executeSql(`SELECT id FROM facebook_pages ORDER BY id LIMIT 4`)).rows as { id: string }[];
  for (const p of pages) await syncPage(h.server.ctx, p.id);
}, 180_000);
afterAll(async () => {
  await h?.close();
});

interface Row {
  id: string;
  source: 'facebook' | 'google';
  rating: number | null;
  recommendation_type: 'positive' | 'negative';
  sentiment_score: number | null;
  sentiment: string | null;
}
const rows = async () => (await h.server.ctx.database.executeSql(`SELECT id::text, source, rating, recommendation_type, sentiment_score, sentiment FROM reviews ORDER BY id`)).rows as unknown as Row[];
const ruleOf = (r: Row) => combinedLabel(r.sentiment_score === null ? null : Number(r.sentiment_score), { rating: r.rating, recommendation: r.rating === null && r.source === 'facebook' ? r.recommendation_type : null });

describe('the sentiment migration', () => {
  it('re-labels rows stored with the words-only label as ingest labels them now', async () => {
    const synced = await rows();
    expect(synced.length).toBeGreaterThan(50);
    // Ingest applies the rule already.
    for (const r of synced) expect(r.sentiment, r.id).toBe(ruleOf(r));
    // Rows as stored before the rule: VADER's label of the words alone.
    await h.server.ctx.database.executeSql(`UPDATE reviews SET sentiment = CASE WHEN sentiment_score >= 0.05 THEN 'positive' WHEN sentiment_score <= -0.05 THEN 'negative' ELSE 'neutral' END WHERE sentiment_score IS NOT NULL`);
    const old = await rows();
    const wrong = old.filter((r) => r.sentiment !== ruleOf(r));
    expect(wrong.some((r) => r.rating !== null && r.rating <= 2 && r.sentiment === 'positive')).toBe(true);
    await h.server.ctx.database.executeSql(MIGRATION);
    const after = await rows();
    for (const r of after) expect(r.sentiment, `review ${r.id} (${r.rating}★, score ${r.sentiment_score})`).toBe(ruleOf(r));
    expect(after.filter((r) => r.rating !== null && r.rating <= 2 && r.sentiment === 'positive')).toEqual([]);
    console.log(`sentiment migration: ${wrong.length} of ${after.length} synced reviews re-labelled`);
  });
});
