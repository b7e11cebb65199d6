/**
 * `POST /api/instagram-media-insights` (docs/requirements/calls.md; docs/decisions/0035): the grid,
 * totals and trend of one connected Instagram account over a period, sorted and filtered by the
 * server. While the server reads Instagram again in the background (`refreshing`), the call is
 * repeated every few seconds; the previous answer stays on screen while a changed filter loads.
 * Refusals come back as the server words them (lib/errors.ts `describeError`).
 */
import { INSTAGRAM_API, ZInstagramInsightsResponse, type TInstagramInsightsRequest, type TInstagramInsightsResponse } from '@dinedesk/contracts/instagram';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { instagramKeys } from './keys.ts';

/** How often the insights are asked again while the server refreshes them, ms. */
export const REFRESH_POLL_MS = 4000;

/** @throws {ApiError} per the module comment */
export function getMediaInsights(request: TInstagramInsightsRequest, signal?: AbortSignal): Promise<TInstagramInsightsResponse> {
  return postJson(INSTAGRAM_API.mediaInsights, request, ZInstagramInsightsResponse, signal);
}

export function useMediaInsights(request: TInstagramInsightsRequest) {
  return useQuery({
    queryKey: instagramKeys.insights(request),
    queryFn: ({ signal }) => getMediaInsights(request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.refreshing ? REFRESH_POLL_MS : false),
  });
}
