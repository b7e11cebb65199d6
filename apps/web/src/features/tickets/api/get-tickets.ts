/**
 * `POST /api/tickets/list` → `{data, paging: {nextCursor}, counts}`: one view of the queue
 * (mine, open, closed, all), newest first, keyset paged; `counts` holds every view under the same
 * filters (the tab badges).
 */
import { API, ZListTicketsResponse, type TListTicketsRequest, type TListTicketsResponse, type TTicketView } from '@dinedesk/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { ticketKeys } from './keys.ts';

/** The queue's view and filters (absent filters mean "any"). */
export type TicketFilters = Omit<TListTicketsRequest, 'cursor' | 'limit' | 'view'> & { view: TTicketView };

export const TICKETS_PAGE_SIZE = 25;

/** @throws {ApiError} with the server's message. */
export function getTickets(filters: TicketFilters, cursor: string | null, signal?: AbortSignal): Promise<TListTicketsResponse> {
  return postJson(API.ticketsList, { ...filters, ...(cursor ? { cursor } : {}), limit: TICKETS_PAGE_SIZE }, ZListTicketsResponse, signal);
}

export function ticketsInfiniteQueryOptions(filters: TicketFilters) {
  return infiniteQueryOptions({
    queryKey: ticketKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getTickets(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.paging.nextCursor,
    // Switching views keeps the old badges on screen until the new answer.
    placeholderData: keepPreviousData,
  });
}

export function useTickets(filters: TicketFilters) {
  return useInfiniteQuery(ticketsInfiniteQueryOptions(filters));
}
