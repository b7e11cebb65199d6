/**
 * `POST /api/automation/drafts/list {status, cursor?, limit}` → `{data, paging, pendingCount}`:
 * the approval queue (replies drafted by rules, or automatic replies the reply check stopped),
 * keyset paged, newest first. `pendingCount` is the queue's length whatever the status asked, so
 * the tab badge reads it from the pending list.
 */
import { API } from '@dinedesk/contracts';
import { ZAutomationDraftsResponse, type TAutomationDraftsResponse } from '@dinedesk/contracts/automation';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { automationKeys, type DraftStatus } from './keys.ts';

export const DRAFTS_PAGE_SIZE = 25;

/** @throws {ApiError} 400 naming `body.cursor` for a cursor the server did not give. */
export function getDrafts(status: DraftStatus, cursor: string | null, signal?: AbortSignal): Promise<TAutomationDraftsResponse> {
  return postJson(API.automationDrafts, { status, ...(cursor ? { cursor } : {}), limit: DRAFTS_PAGE_SIZE }, ZAutomationDraftsResponse, signal);
}

export function draftsInfiniteQueryOptions(status: DraftStatus) {
  return infiniteQueryOptions({
    queryKey: automationKeys.draftList(status),
    queryFn: ({ pageParam, signal }) => getDrafts(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.paging.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useDrafts(status: DraftStatus) {
  return useInfiniteQuery(draftsInfiniteQueryOptions(status));
}
