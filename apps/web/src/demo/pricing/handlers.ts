/**
 * MSW handler of the pricing demo (docs/requirements/calls.md#demo-mock-calls): `GET /pricing/data`
 * answers the three plans and the pricing questions
 * (docs/requirements/constants.md#sample-pricing).
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { PricingDb } from './data.ts';
import { PRICING_API, type TPricingResponse } from './schema.ts';

/** The pricing handler over `db` (read only). */
export function createPricingHandlers(db: PricingDb): RequestHandler[] {
  return [http.get<never, never, TPricingResponse>(PRICING_API.data, () => HttpResponse.json(structuredClone(db)))];
}
