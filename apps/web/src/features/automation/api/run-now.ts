/**
 * `POST /api/automation/runs/run-now {runId}` → the run, due now (docs/decisions/0028 "Run now"):
 * an owner runs a scheduled run at once instead of waiting out its rule's delay. The queue acts
 * within seconds, so the history and the approval queue are asked again now and once more a
 * few seconds later, when the run's draft or reply exists.
 */
import { API } from '@dinedesk/contracts';
import { ZAutomationRun, ZAutomationRunNowRequest, type TAutomationRun, type TAutomationRunNowRequest } from '@dinedesk/contracts/automation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { refuse } from './contract-error.ts';
import { automationKeys } from './keys.ts';

/** How long after "run now" the history is asked again, in ms: the queue has acted by then. */
export const RUN_NOW_REFETCH_MS = 3_000;

/**
 * @throws {ApiError} 409 when the run is no longer scheduled or its rule is off or deleted; 403
 *   for all but owners; 404 naming `body.runId`.
 */
export function runNow(input: TAutomationRunNowRequest): Promise<TAutomationRun> {
  const parsed = ZAutomationRunNowRequest.safeParse(input);
  if (!parsed.success) return refuse(parsed.error);
  return postJson(API.automationRunNow, parsed.data, ZAutomationRun);
}

export function useRunNow() {
  const queryClient = useQueryClient();
  const refetch = () => {
    void queryClient.invalidateQueries({ queryKey: automationKeys.history() });
    void queryClient.invalidateQueries({ queryKey: automationKeys.drafts() });
  };
  return useMutation({
    mutationFn: runNow,
    onSettled: () => {
      refetch();
      setTimeout(refetch, RUN_NOW_REFETCH_MS);
    },
  });
}
