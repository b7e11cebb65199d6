/**
 * MSW handler of the pricing demo (spec §7 "Demo mock calls"): `GET /pricing/data` answers the
 * three plans and the pricing questions (spec §9 "Sample pricing").
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { PricingDb } from './data.ts';
import { PRICING_API, type TPricingResponse } from './schema.ts';

/** The pricing handler over `db` (read only). */
export function createPricingHandlers(db: PricingDb): RequestHandler[] {
  return [http.get<never, never, TPricingResponse>(PRICING_API.data, () => HttpResponse.json(structuredClone(db)))];
}
