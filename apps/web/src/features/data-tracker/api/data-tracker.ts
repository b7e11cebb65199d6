/**
 * The Data tracker calls (docs/decisions/0041): `POST /api/reporting/data-tracker {}`
 * → four rows per outlet the user sees (Facebook, Google, Instagram, orders), and
 * `POST /api/reporting/data-tracker/sync {outletId, source}` → queues that row's sync and answers
 * the row. Refusals come back as the server words them (lib/errors.ts `describeError`).
 */
import { DATA_TRACKER_API, ZDataTracker, ZDataTrackerSyncResponse, type TDataTracker, type TDataTrackerSyncRequest } from '@dinedesk/contracts/data-tracker';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';

export const dataTrackerKeys = {
  all: ['data-tracker'] as const,
  list: () => [...dataTrackerKeys.all, 'list'] as const,
};

/** While a row's job is queued or running, read again this often (ms) to show it land; else once a minute. */
export const BUSY_REFETCH_MS = 3_000;
export const IDLE_REFETCH_MS = 60_000;

/** Whether any row has a job still queued, waiting to retry or running (and due now). */
export function hasBusyJob(data: TDataTracker | undefined, now = Date.now()): boolean {
  return (data?.rows ?? []).some((r) => r.job && (r.job.state === 'active' || ((r.job.state === 'created' || r.job.state === 'retry') && (!r.job.startAfter || Date.parse(r.job.startAfter) <= now + BUSY_REFETCH_MS))));
}

/** Every row of the outlets the user sees; polls quickly while a sync is under way. */
export function useDataTracker() {
  return useQuery({
    queryKey: dataTrackerKeys.list(),
    queryFn: ({ signal }) => postJson(DATA_TRACKER_API.dataTracker, {}, ZDataTracker, signal),
    refetchInterval: (query) => (hasBusyJob(query.state.data) ? BUSY_REFETCH_MS : IDLE_REFETCH_MS),
  });
}

/** Queue a row's sync; the row the server answers replaces the one on screen at once. */
export function useSyncRow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TDataTrackerSyncRequest) => postJson(DATA_TRACKER_API.sync, body, ZDataTrackerSyncResponse),
    onSuccess: ({ row }) => {
      queryClient.setQueryData<TDataTracker>(dataTrackerKeys.list(), (old) =>
        old ? { ...old, rows: old.rows.map((r) => (r.outletId === row.outletId && r.source === row.source ? row : r)) } : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataTrackerKeys.all }),
  });
}
