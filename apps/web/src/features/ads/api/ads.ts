/**
 * The Ads pro calls ("Digital Marketing: Ads pro", docs/decisions/0043; contract
 * `@dinedesk/contracts/ads`):
 *
 * - `POST /api/ads/outlets {}` → the outlets the user sees, with their ad data's range and currency;
 * - `POST /api/ads/performance {outletId, from?, to?}` → spend, impressions, clicks and the orders
 *   attributed by day and outlet, per campaign and per day (no period: the last 28 days with ad data);
 * - `POST /api/ads/imports?outletId&currency&fileName` with the CSV file as the body (`text/csv`)
 *   → 202 and the queued import, sent by lib/csv-upload.ts like the order import;
 * - `GET /api/ads/imports/:importId` → its status, asked every second until it is done;
 * - `POST /api/ads/imports/list {outletId}` → the outlet's ads imports, newest first;
 * - `GET /api/ads/imports/:importId/report` → the validation report (CSV), downloaded as a file.
 *
 * Refusals come back as the server words them (lib/errors.ts `describeError`).
 */
import { ADS_API, ZAdsImport, ZAdsImportList, ZAdsOutlets, ZAdsPerformance, type TAdsImport } from '@dinedesk/contracts/ads';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { buildUrl, getJson, postJson } from '../../../lib/api-client.ts';
import { uploadCsv } from '../../../lib/csv-upload.ts';
import { downloadFile } from '../../../lib/download-file.ts';

/** A period of `YYYY-MM-DD` days, both ends included; null ends leave the choice to the server. */
export interface Period {
  from: string | null;
  to: string | null;
}

export const adsKeys = {
  all: ['ads'] as const,
  outlets: () => [...adsKeys.all, 'outlets'] as const,
  performance: (outletId: string, p: Period) => [...adsKeys.all, 'performance', outletId, p.from, p.to] as const,
  imports: (outletId: string) => [...adsKeys.all, 'imports', outletId] as const,
  status: (id: string) => [...adsKeys.all, 'import', id] as const,
};

/** How often a running import's status is asked, ms (as the order import). */
export const STATUS_POLL_MS = 1000;
const DONE = new Set<TAdsImport['status']>(['imported', 'rejected', 'failed']);
export const isDone = (i: TAdsImport) => DONE.has(i.status);

export function useAdsOutlets() {
  return useQuery({ queryKey: adsKeys.outlets(), queryFn: ({ signal }) => postJson(ADS_API.outlets, {}, ZAdsOutlets, signal), staleTime: 60_000 });
}

/** The outlet's figures of the period; the previous answer stays on screen while the next loads. */
export function useAdsPerformance(outletId: string | null, period: Period) {
  return useQuery({
    queryKey: adsKeys.performance(outletId ?? '', period),
    queryFn: ({ signal }) => postJson(ADS_API.performance, { outletId, ...(period.from ? { from: period.from } : {}), ...(period.to ? { to: period.to } : {}) }, ZAdsPerformance, signal),
    enabled: outletId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useAdsImports(outletId: string) {
  return useQuery({ queryKey: adsKeys.imports(outletId), queryFn: ({ signal }) => postJson(ADS_API.importList, { outletId }, ZAdsImportList, signal) });
}

/** The import's status, polled until it is imported, rejected or failed. */
export function useAdsImportStatus(id: string | null) {
  return useQuery({
    queryKey: adsKeys.status(id ?? ''),
    queryFn: ({ signal }) => getJson(ADS_API.importStatus.replace(':importId', id ?? ''), ZAdsImport, undefined, signal),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && isDone(q.state.data) ? false : STATUS_POLL_MS),
  });
}

export interface AdsUploadInput {
  outletId: string;
  file: File;
  /** Currency of the file's `spend` (ISO 4217, three capitals). */
  currency: string;
}

/**
 * Uploads the ads CSV, reporting the fraction sent (0–1).
 * @returns the queued import
 * @throws {ApiError} with the server's message (400 naming the field, 413 too large, 403 for a
 *   role that may not import, 404 for an outlet the user does not see), status 0 offline
 */
export function uploadAds(input: AdsUploadInput, onProgress: (fraction: number) => void): Promise<TAdsImport> {
  const url = buildUrl(ADS_API.imports, { outletId: input.outletId, currency: input.currency, fileName: input.file.name.slice(0, 200) });
  return uploadCsv(url, input.file, ZAdsImport, onProgress);
}

/** Saves an import's validation report (`row,column,problem`) as `<uploaded file>-report.csv`. */
export function downloadAdsReport(imp: TAdsImport): Promise<void> {
  return downloadFile(ADS_API.importReport.replace(':importId', imp.id), `${imp.fileName.replace(/\.csv$/i, '')}-report.csv`);
}
