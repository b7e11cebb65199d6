/**
 * The Report on demand calls (docs/decisions/0042): queue a report (202, then poll its
 * progress in the runs list), fetch a finished file, and the person's saved reports. Refusals come
 * back as the server words them (lib/errors.ts `describeError`).
 */
import {
  REPORTS_API,
  ZDeleteReportDefinitionResponse,
  ZReportDefinition,
  ZReportDefinitionList,
  ZReportRun,
  ZReportRunList,
  type TReportRun,
  type TReportRunRequest,
  type TSaveReportDefinition,
} from '@dinedesk/contracts/reports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getBlob, postJson } from '../../../lib/api-client.ts';

export const reportKeys = {
  all: ['reports'] as const,
  runs: () => [...reportKeys.all, 'runs'] as const,
  definitions: () => [...reportKeys.all, 'definitions'] as const,
};

/** While a report is queued or being generated, read the list this often (ms), to move its progress bar. */
export const RUN_POLL_MS = 1_500;

export const isBusy = (runs: readonly TReportRun[] | undefined) => (runs ?? []).some((r) => r.status === 'queued' || r.status === 'running');

/** The person's reports of the last 7 days, newest first; polls while one is under way. */
export function useReportRuns() {
  return useQuery({
    queryKey: reportKeys.runs(),
    queryFn: ({ signal }) => postJson(REPORTS_API.runs, {}, ZReportRunList, signal),
    refetchInterval: (q) => (isBusy(q.state.data?.data) ? RUN_POLL_MS : false),
  });
}

export function useRunReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReportRunRequest) => postJson(REPORTS_API.run, body, ZReportRun),
    onSuccess: (run) => {
      queryClient.setQueryData<{ data: TReportRun[] }>(reportKeys.runs(), (old) => ({ data: [run, ...(old?.data ?? []).filter((r) => r.id !== run.id)] }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.runs() }),
  });
}

/** The file of a finished report, saved under its own name (a download, not a new tab). */
export async function downloadReport(run: TReportRun): Promise<void> {
  const blob = await getBlob(REPORTS_API.runFile.replace(':runId', run.id));
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = run.fileName ?? `report.${run.format}`;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function useReportDefinitions() {
  return useQuery({ queryKey: reportKeys.definitions(), queryFn: ({ signal }) => postJson(REPORTS_API.definitions, {}, ZReportDefinitionList, signal) });
}

export function useSaveDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveReportDefinition) => postJson(REPORTS_API.saveDefinition, body, ZReportDefinition),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.definitions() }),
  });
}

export function useDeleteDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => postJson(REPORTS_API.deleteDefinition, { id }, ZDeleteReportDefinitionResponse),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.definitions() }),
  });
}
