/**
 * `POST /api/complaints/root-causes`: `{request: 'list'}` → `{defaults, custom}` (everyone who
 * reads complaints); owners (`manage Complaint`) `add` and `remove` the client's own. A removed
 * root cause stays on the complaints that carry it (docs/decisions/0026).
 */
import { API, ZRootCause, ZRootCausesResponse, type TRootCausesResponse } from '@dinedesk/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, postJson } from '../../../lib/api-client.ts';
import { complaintKeys } from './keys.ts';

/** @throws {ApiError} as the server words it. */
export function getRootCauses(signal?: AbortSignal): Promise<TRootCausesResponse> {
  return postJson(API.complaintRootCauses, { request: 'list' }, ZRootCausesResponse, signal);
}

/**
 * Adds or removes one of the client's root causes. The key is checked against the contract
 * first, so a malformed one is refused as the server would (400 naming `body.rootCause`)
 * without a round trip.
 * @throws {ApiError} 400 (malformed, a default), 403 (not an owner), 404 (removing one the client lacks)
 */
export function changeRootCause({ request, rootCause }: { request: 'add' | 'remove'; rootCause: string }): Promise<TRootCausesResponse> {
  const parsed = ZRootCause.safeParse(rootCause);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'rootCause is not valid';
    return Promise.reject(new ApiError({ message, status: 400, body: { message, field: 'body.rootCause' }, field: 'body.rootCause' }));
  }
  return postJson(API.complaintRootCauses, { request, rootCause: parsed.data }, ZRootCausesResponse);
}

export function rootCausesQueryOptions() {
  return queryOptions({ queryKey: complaintKeys.rootCauses(), queryFn: ({ signal }) => getRootCauses(signal), staleTime: 5 * 60_000 });
}

export function useRootCauses() {
  return useQuery(rootCausesQueryOptions());
}

export function useChangeRootCause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRootCause,
    onSuccess: (causes) => queryClient.setQueryData(complaintKeys.rootCauses(), causes),
  });
}
