/** `GET /pricing/data` (docs/requirements/calls.md): the plans and the pricing questions. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { PRICING_API, ZPricingResponse, type TPricingResponse } from '../schema.ts';

export const pricingKeys = { all: ['demo', 'pricing'] as const };

/** Fetches and validates the pricing data. @throws {DemoRequestError} */
export function getPricing(signal?: AbortSignal): Promise<TPricingResponse> {
  return demoRequest(PRICING_API.data, ZPricingResponse, { signal });
}

/** The pricing data (it never changes during a visit). */
export function usePricing() {
  return useQuery(queryOptions({ queryKey: pricingKeys.all, queryFn: ({ signal }) => getPricing(signal), staleTime: Infinity }));
}
