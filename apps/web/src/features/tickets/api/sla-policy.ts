/**
 * `POST /api/tickets/sla-policy`: `{request: 'get'}` → `{hours, isDefault}` (everyone who reads
 * tickets), `{request: 'update', hours}` (owners: `manage Ticket`). New hours apply to tickets
 * opened or re-prioritised afterwards; a due time already promised does not move
 * (docs/decisions/0027).
 */
import { API, ZSlaPolicyResponse, type TSlaHours, type TSlaPolicyResponse } from '@dinedesk/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { ticketKeys } from './keys.ts';

/** @throws {ApiError} as the server words it. */
export function getSlaPolicy(signal?: AbortSignal): Promise<TSlaPolicyResponse> {
  return postJson(API.ticketSlaPolicy, { request: 'get' }, ZSlaPolicyResponse, signal);
}

/** @throws {ApiError} 400 naming `body.hours.<priority>`, 403 for all but owners. */
export function saveSlaPolicy(hours: TSlaHours): Promise<TSlaPolicyResponse> {
  return postJson(API.ticketSlaPolicy, { request: 'update', hours }, ZSlaPolicyResponse);
}

export function slaPolicyQueryOptions() {
  return queryOptions({ queryKey: ticketKeys.slaPolicy(), queryFn: ({ signal }) => getSlaPolicy(signal) });
}

export function useSlaPolicy({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...slaPolicyQueryOptions(), enabled });
}

export function useSaveSlaPolicy() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSlaPolicy, onSuccess: (policy) => queryClient.setQueryData(ticketKeys.slaPolicy(), policy) });
}
