/**
 * `POST /api/tickets/create` → `{ticket, created}`: a ticket opened by hand for an outlet (the
 * "New ticket" dialog: title, outlet, priority, assignee). Its due time is now plus the client's
 * SLA hours for the priority. The input is checked against the contract first, so what the
 * server would refuse (a title of two letters) is answered without a round trip, naming the field.
 */
import { API, ZCreateTicketRequest, ZCreateTicketResponse, type TCreateTicketRequest, type TCreateTicketResponse } from '@dinedesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, postJson } from '../../../lib/api-client.ts';
import { ticketKeys } from './keys.ts';

/** @throws {ApiError} 400 naming the field, 403 for viewers, 404 naming `body.outletId`. */
export function createTicket(input: TCreateTicketRequest): Promise<TCreateTicketResponse> {
  const parsed = ZCreateTicketRequest.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue ? `body.${issue.path.join('.')}` : undefined;
    const message = issue?.message ?? 'Invalid ticket';
    return Promise.reject(new ApiError({ message, status: 400, body: { message, field }, field }));
  }
  return postJson(API.ticketCreate, parsed.data, ZCreateTicketResponse);
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }),
  });
}
