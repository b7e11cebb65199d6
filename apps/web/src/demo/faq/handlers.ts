/**
 * MSW handler of the FAQ demo (docs/requirements/calls.md#demo-mock-calls): `GET /faq/data?q`
 * answers the categories whose questions contain `q` (case-insensitive substring on the question
 * only, not the answer), each with only those questions; categories without a match are left out.
 * An empty or missing `q` answers every category.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { FaqDb } from './data.ts';
import { FAQ_API, FAQ_CATEGORIES, type TFaqResponse } from './schema.ts';

/** The categories of `db` filtered by `q` (docs/requirements/calls.md), in page order. */
export function filterFaq(db: FaqDb, q: string): TFaqResponse {
  const query = q.trim().toLowerCase();
  const out: TFaqResponse = {};
  for (const id of FAQ_CATEGORIES) {
    const category = db[id];
    const qandA = category.qandA.filter((item) => item.question.toLowerCase().includes(query));
    if (qandA.length > 0) out[id] = { ...structuredClone(category), qandA: structuredClone(qandA) };
  }
  return out;
}

/** The FAQ handler over `db` (read only). */
export function createFaqHandlers(db: FaqDb): RequestHandler[] {
  return [
    http.get<never, never, TFaqResponse>(FAQ_API.data, ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      return HttpResponse.json(filterFaq(db, q));
    }),
  ];
}
