/**
 * `POST /api/tickets/get {ticketId}` → the ticket with its activity log, oldest first. Asked
 * for by id, so a link (`?ticket=`, e.g. from "Create ticket" on a complaint) opens it whatever
 * view the queue shows.
 */
import { API, ZTicketDetail, type TTicketDetail } from '@dinedesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { ticketKeys } from './keys.ts';

/** @throws {ApiError} 404 naming `body.ticketId` for one the user does not see. */
export function getTicket(ticketId: string, signal?: AbortSignal): Promise<TTicketDetail> {
  return postJson(API.ticketGet, { ticketId }, ZTicketDetail, signal);
}

export function ticketQueryOptions(ticketId: string) {
  return queryOptions({ queryKey: ticketKeys.detail(ticketId), queryFn: ({ signal }) => getTicket(ticketId, signal) });
}

export function useTicket(ticketId: string | null) {
  return useQuery({ ...ticketQueryOptions(ticketId ?? ''), enabled: ticketId !== null });
}
