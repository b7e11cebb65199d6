/**
 * The FAQ demo's mock rule (docs/requirements/calls.md `GET /faq/data?q`) through the real handler
 * on `msw/node`: all five categories without `q`; `q` a case-insensitive substring of the
 * question (not the answer); only categories with matches, each with only its matches.
 */
import { describe, expect, it } from 'vitest';
import { setupDemoServer } from '../mock/node.ts';
import { createFaqDb, type FaqDb } from './data.ts';
import { createFaqHandlers } from './handlers.ts';
import { FAQ_API, FAQ_CATEGORIES, ZFaqResponse, type TFaqResponse } from './schema.ts';

let db: FaqDb;
setupDemoServer(() => {
  db = createFaqDb();
  return createFaqHandlers(db);
});

async function faq(query = ''): Promise<TFaqResponse> {
  const response = await fetch(`${FAQ_API.data}${query}`);
  expect(response.status).toBe(200);
  return ZFaqResponse.parse(await response.json());
}

const questionsOf = (data: TFaqResponse) => Object.values(data).flatMap((category) => category.qandA.map((item) => item.question));

describe('GET /faq/data', () => {
  it('answers the five categories with all their questions without q', async () => {
    const data = await faq();
    expect(Object.keys(data)).toEqual([...FAQ_CATEGORIES]);
    for (const id of FAQ_CATEGORIES) expect(data[id]).toEqual(db[id]);
    expect(await faq('?q=')).toEqual(data);
  });

  it('matches q as a case-insensitive substring of the questions', async () => {
    const lower = await faq('?q=refund');
    const upper = await faq('?q=REFUND');
    expect(upper).toEqual(lower);
    const expected = FAQ_CATEGORIES.flatMap((id) => db[id].qandA.filter((item) => item.question.toLowerCase().includes('refund')).map((item) => item.question));
    expect(expected.length).toBeGreaterThan(0);
    expect(questionsOf(lower)).toEqual(expected);
  });

  it('returns only the categories with matches, each with only its matching questions', async () => {
    const data = await faq(`?q=${encodeURIComponent('deliver')}`);
    const withMatches = FAQ_CATEGORIES.filter((id) => db[id].qandA.some((item) => item.question.toLowerCase().includes('deliver')));
    expect(withMatches.length).toBeGreaterThan(0);
    expect(withMatches.length).toBeLessThan(FAQ_CATEGORIES.length);
    expect(Object.keys(data)).toEqual(withMatches);
    for (const id of withMatches) {
      const category = data[id];
      expect(category?.title).toBe(db[id].title);
      expect(category?.qandA.every((item) => item.question.toLowerCase().includes('deliver'))).toBe(true);
      expect(category?.qandA.length).toBe(db[id].qandA.filter((item) => item.question.toLowerCase().includes('deliver')).length);
    }
  });

  it('does not search the answers', async () => {
    // "rider" is in delivery answers only.
    expect(FAQ_CATEGORIES.some((id) => db[id].qandA.some((item) => item.ans.toLowerCase().includes('rider')))).toBe(true);
    expect(FAQ_CATEGORIES.some((id) => db[id].qandA.some((item) => item.question.toLowerCase().includes('rider')))).toBe(false);
    expect(await faq('?q=rider')).toEqual({});
  });

  it('answers an empty object when nothing matches', async () => {
    expect(await faq('?q=zzz-no-such-question')).toEqual({});
  });
});
