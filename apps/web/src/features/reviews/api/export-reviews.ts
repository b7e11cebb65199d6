/**
 * Export of the filtered reviews (docs/decisions/0024): `POST …/get_reviews/export {…filters,
 * format}` → 202 with the export; its progress is polled every second at `…/export/{id}` until
 * done or failed; the file comes from `…/export/{id}/file` with the bearer token (so not a plain
 * link), saved through an object URL.
 */
import { API, ZReviewExport, type TReviewExport } from '@dinedesk/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getBlob, getJson, postJson } from '../../../lib/api-client.ts';
import type { ReviewFilters } from './get-reviews.ts';
import { reviewKeys } from './keys.ts';

export type ExportFormat = TReviewExport['format'];
const POLL_MS = 1000;

const exportPath = (id: string) => API.reviewExport.replace(':exportId', encodeURIComponent(id));

export function useStartExport() {
  return useMutation({
    mutationFn: ({ filters, format }: { filters: ReviewFilters; format: ExportFormat }) => postJson(API.exportReviews, { ...filters, format }, ZReviewExport),
  });
}

/** The export's progress, polled while it is queued or running. */
export function useExportProgress(id: string | null) {
  return useQuery({
    queryKey: reviewKeys.export(id ?? ''),
    queryFn: ({ signal }) => getJson(exportPath(id!), ZReviewExport, undefined, signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'done' || query.state.data.status === 'failed') ? false : POLL_MS),
  });
}

/** Fetches a finished export's file and hands it to the browser as a download. */
export async function downloadExport(exp: TReviewExport): Promise<void> {
  const blob = await getBlob(`${exportPath(exp.id)}/file`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = exp.fileName ?? `reviews.${exp.format}`;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has the blob once the click is handled; freeing it at once can cancel the save in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
