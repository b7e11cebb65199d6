/**
 * Query keys of the tickets feature. Everything sits under `['tickets']`, so a socket event or a
 * change made here refetches the queue, its counts and the open ticket with one prefix.
 */
import type { TicketFilters } from './get-tickets.ts';

export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: (filters: TicketFilters) => [...ticketKeys.lists(), filters] as const,
  details: () => [...ticketKeys.all, 'detail'] as const,
  detail: (ticketId: string) => [...ticketKeys.details(), ticketId] as const,
  slaPolicy: () => [...ticketKeys.all, 'sla-policy'] as const,
};
