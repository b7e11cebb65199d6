/**
 * `POST /api/tickets/update {ticketId, title?, status?, priority?, assigneeUserId?,
 * addWatcherIds?, removeWatcherIds?}` → the ticket. A new priority moves the due time to the
 * opening time plus the policy's hours for it (docs/decisions/0027). The answer replaces the open
 * ticket at once; the queue, its counts and the activity log are refetched.
 */
import { API, ZTicket, type TTicket, type TTicketDetail, type TUpdateTicketRequest } from '@dinedesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { ticketKeys } from './keys.ts';

/** @throws {ApiError} 400 naming the field (a title too short, a teammate who may not hold it), 403 for viewers, 404. */
export function updateTicket(input: TUpdateTicketRequest): Promise<TTicket> {
  return postJson(API.ticketUpdate, input, ZTicket);
}

export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTicket,
    onSuccess: (ticket) => {
      queryClient.setQueryData<TTicketDetail>(ticketKeys.detail(ticket.id), (detail) => (detail ? { ...detail, ...ticket } : detail));
      void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
}
