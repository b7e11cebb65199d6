/**
 * `POST /api/complaints/list` → `{data, paging: {nextCursor}, counts}`: the complaints the user
 * may see, newest first, keyset paged; `counts` holds each status under the same filters (the
 * screen's tab badges), so every page carries them and the first one is shown.
 */
import { API, ZListComplaintsResponse, type TListComplaintsRequest, type TListComplaintsResponse } from '@dinedesk/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { complaintKeys } from './keys.ts';

/** The list's filters (absent means "any"); the status is always one tab. */
export type ComplaintFilters = Omit<TListComplaintsRequest, 'cursor' | 'limit'>;

export const COMPLAINTS_PAGE_SIZE = 20;

/** @throws {ApiError} with the server's message (a bad cursor, an outlet the user cannot see). */
export function getComplaints(filters: ComplaintFilters, cursor: string | null, signal?: AbortSignal): Promise<TListComplaintsResponse> {
  return postJson(API.complaintsList, { ...filters, ...(cursor ? { cursor } : {}), limit: COMPLAINTS_PAGE_SIZE }, ZListComplaintsResponse, signal);
}

export function complaintsInfiniteQueryOptions(filters: ComplaintFilters) {
  return infiniteQueryOptions({
    queryKey: complaintKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getComplaints(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.paging.nextCursor,
    // Switching tabs keeps the old counts on screen until the new answer, so the badges do not blink.
    placeholderData: keepPreviousData,
  });
}

export function useComplaints(filters: ComplaintFilters) {
  return useInfiniteQuery(complaintsInfiniteQueryOptions(filters));
}
