/**
 * `POST /api/complaints/get {complaintId}` → the complaint with its timeline (reviews with the
 * page's replies, the conversations' messages, the activity; oldest first). Asked for by id, so
 * a link to a complaint opens it whatever tab or filter the list shows.
 */
import { API, ZComplaintDetail, type TComplaintDetail } from '@dinedesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { complaintKeys } from './keys.ts';

/** @throws {ApiError} 404 naming `body.complaintId` for one the user does not see. */
export function getComplaint(complaintId: string, signal?: AbortSignal): Promise<TComplaintDetail> {
  return postJson(API.complaintGet, { complaintId }, ZComplaintDetail, signal);
}

export function complaintQueryOptions(complaintId: string) {
  return queryOptions({ queryKey: complaintKeys.detail(complaintId), queryFn: ({ signal }) => getComplaint(complaintId, signal) });
}

export function useComplaint(complaintId: string | null) {
  return useQuery({ ...complaintQueryOptions(complaintId ?? ''), enabled: complaintId !== null });
}
