/**
 * Query keys of the complaints feature. Everything sits under `['complaints']`, so a socket event
 * or a change made here can refetch the lists, the counts and the open detail with one prefix.
 */
import type { ComplaintFilters } from './get-complaints.ts';

export const complaintKeys = {
  all: ['complaints'] as const,
  lists: () => [...complaintKeys.all, 'list'] as const,
  list: (filters: ComplaintFilters) => [...complaintKeys.lists(), filters] as const,
  details: () => [...complaintKeys.all, 'detail'] as const,
  detail: (complaintId: string) => [...complaintKeys.details(), complaintId] as const,
  rootCauses: () => [...complaintKeys.all, 'root-causes'] as const,
};
