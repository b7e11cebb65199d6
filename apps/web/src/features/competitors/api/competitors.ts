/**
 * The calls of competitor analysis (docs/decisions/0030), all POST with JSON bodies:
 *
 * - `POST /api/competitors/list {outletId}` → the analysis (competitors, grid, monthly trends,
 *   themes). While a competitor's history is `pending` (the server's refresh job reads it), the
 *   analysis is asked again every few seconds.
 * - `POST /api/competitors/search {outletId, query, city?, cuisine?}` → at most 20 Places.
 * - `POST /api/competitors/add|remove {outletId, placeId}` → the new analysis, put in the cache.
 *
 * Refusals come back as the server words them (lib/errors.ts `describeError`): 409 when the
 * outlet has 5 competitors, 403 for roles that only read, 404 for an outlet the user cannot see.
 */
import { COMPETITORS_API, ZCompetitorAnalysis, ZCompetitorSearchResponse, type TCompetitorAnalysis, type TCompetitorSearchRequest, type TCompetitorSearchResponse } from '@dinedesk/contracts/competitors';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { competitorKeys } from './keys.ts';

/** How often the analysis is asked again while a history is being read, ms. */
export const PENDING_POLL_MS = 3000;

/** @throws {ApiError} per the module comment */
export function getAnalysis(outletId: string, signal?: AbortSignal): Promise<TCompetitorAnalysis> {
  return postJson(COMPETITORS_API.list, { outletId }, ZCompetitorAnalysis, signal);
}

export function analysisQueryOptions(outletId: string) {
  return queryOptions({
    queryKey: competitorKeys.analysis(outletId),
    queryFn: ({ signal }) => getAnalysis(outletId, signal),
    refetchInterval: (query) => (query.state.data?.competitors.some((c) => c.history === 'pending') ? PENDING_POLL_MS : false),
  });
}

export function useAnalysis(outletId: string | null) {
  return useQuery({ ...analysisQueryOptions(outletId ?? ''), enabled: outletId !== null });
}

/** @throws {ApiError} per the module comment */
export function searchCompetitors(input: TCompetitorSearchRequest, signal?: AbortSignal): Promise<TCompetitorSearchResponse> {
  return postJson(COMPETITORS_API.search, input, ZCompetitorSearchResponse, signal);
}

/** Searches once the name has 2 characters; the previous results stay while the next arrive. */
export function useCompetitorSearch(outletId: string, query: string, city: string, cuisine: string) {
  const q = query.trim();
  return useQuery({
    queryKey: competitorKeys.search(outletId, q, city.trim(), cuisine.trim()),
    queryFn: ({ signal }) => searchCompetitors({ outletId, query: q, ...(city.trim() ? { city: city.trim() } : {}), ...(cuisine.trim() ? { cuisine: cuisine.trim() } : {}) }, signal),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

function useAnalysisMutation(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { outletId: string; placeId: string }) => postJson(path, input, ZCompetitorAnalysis),
    onSuccess: (analysis, input) => {
      queryClient.setQueryData(competitorKeys.analysis(input.outletId), analysis);
      void queryClient.invalidateQueries({ queryKey: [...competitorKeys.all, 'search'] });
    },
  });
}

export const useAddCompetitor = () => useAnalysisMutation(COMPETITORS_API.add);
export const useRemoveCompetitor = () => useAnalysisMutation(COMPETITORS_API.remove);
