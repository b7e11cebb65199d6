/**
 * `POST /api/automation/history {ruleId?, cursor?, limit}` → `{data, paging: {nextCursor}}`: the
 * runs of the outlets the caller sees, newest first, keyset paged ("Load more"). A run is
 * `scheduled` until its due time (arrival + the rule's delay), then `done`, `skipped` or `failed`
 * with each action's outcome in plain words.
 */
import { API } from '@dinedesk/contracts';
import { ZAutomationHistoryResponse, type TAutomationHistoryResponse } from '@dinedesk/contracts/automation';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { automationKeys } from './keys.ts';

export const HISTORY_PAGE_SIZE = 25;
/**
 * While the history is on screen it is asked again this often: runs are scheduled by the
 * webhooks and finish at their due time, with no socket event for either.
 */
export const HISTORY_REFRESH_MS = 30_000;

/** @throws {ApiError} 400 naming `body.cursor` for a cursor the server did not give. */
export function getHistory(cursor: string | null, signal?: AbortSignal): Promise<TAutomationHistoryResponse> {
  return postJson(API.automationHistory, { ...(cursor ? { cursor } : {}), limit: HISTORY_PAGE_SIZE }, ZAutomationHistoryResponse, signal);
}

export function historyInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: automationKeys.history(),
    queryFn: ({ pageParam, signal }) => getHistory(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.paging.nextCursor,
  });
}

export function useHistory() {
  return useInfiniteQuery({ ...historyInfiniteQueryOptions(), refetchInterval: HISTORY_REFRESH_MS });
}
