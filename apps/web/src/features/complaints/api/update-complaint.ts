/**
 * `POST /api/complaints/update {complaintId, status?, assigneeUserId?, rootCause?}` → the
 * complaint. The answer replaces the open detail's summary at once; the lists, counts and the
 * timeline (which gains an activity entry) are refetched.
 *
 * Refusals come back as the server words them: 400 naming `body.assigneeUserId` (not a teammate
 * who works the outlet) or `body.rootCause` (not one of the client's), 403 for viewers.
 */
import { API, ZComplaint, type TComplaint, type TComplaintDetail, type TUpdateComplaintRequest } from '@dinedesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { complaintKeys } from './keys.ts';

/** @throws {ApiError} per the module comment. */
export function updateComplaint(input: TUpdateComplaintRequest): Promise<TComplaint> {
  return postJson(API.complaintUpdate, input, ZComplaint);
}

export function useUpdateComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateComplaint,
    onSuccess: (complaint) => {
      queryClient.setQueryData<TComplaintDetail>(complaintKeys.detail(complaint.id), (detail) => (detail ? { ...detail, ...complaint } : detail));
      void queryClient.invalidateQueries({ queryKey: complaintKeys.all });
    },
  });
}
