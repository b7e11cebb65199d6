/** `POST /api/get-all-brands {}` (docs/requirements/calls.md) → the brands of the client the user
 * may see. */
import { API, ZGetAllBrandsResponse, type TGetAllBrandsResponse } from '@dinedesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { tenancyKeys } from './keys.ts';

/** @throws {ApiError} with the server's message (docs/requirements/errors.md). */
export function getAllBrands(signal?: AbortSignal): Promise<TGetAllBrandsResponse> {
  return postJson(API.getAllBrands, {}, ZGetAllBrandsResponse, signal);
}

export function allBrandsQueryOptions() {
  return queryOptions({ queryKey: tenancyKeys.brands(), queryFn: ({ signal }) => getAllBrands(signal) });
}

export function useAllBrands() {
  return useQuery(allBrandsQueryOptions());
}
