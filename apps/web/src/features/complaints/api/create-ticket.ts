/**
 * `POST /api/tickets/create {complaintId}` → `{ticket, created}`: "one click turns a complaint
 * into a ticket" (docs/requirements/screen-contents.md). A complaint has at most one ticket; a
 * second click answers the same one (`created: false`). The tickets feature owns the tickets
 * screen; this file is the one call the complaints screen makes to it (features never import each
 * other).
 */
import { API, ZCreateTicketResponse, type TCreateTicketResponse } from '@dinedesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { complaintKeys } from './keys.ts';

/** @throws {ApiError} 403 for viewers, 404 naming `body.complaintId`. */
export function createTicketFromComplaint(complaintId: string): Promise<TCreateTicketResponse> {
  return postJson(API.ticketCreate, { complaintId }, ZCreateTicketResponse);
}

export function useCreateTicketFromComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicketFromComplaint,
    // The complaint now names its ticket.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}
