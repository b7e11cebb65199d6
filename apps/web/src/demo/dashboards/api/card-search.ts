/** The query string of a card call: `?period=` or `?year=`, empty values left out. */
import type { CardQuery } from '../schema.ts';

export function cardSearch(query: CardQuery): string {
  const params = new URLSearchParams();
  if (query.period) params.set('period', query.period);
  if (query.year !== undefined) params.set('year', String(query.year));
  const search = params.toString();
  return search ? `?${search}` : '';
}
