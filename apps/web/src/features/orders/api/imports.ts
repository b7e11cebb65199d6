/**
 * The order import calls (docs/decisions/0036):
 *
 * - `POST /api/orders/imports?outletId&shape&fileName&currency?&mapping?&sourceOutlet?` with the
 *   CSV file itself as the body (`text/csv`) → 202 and the queued import. Sent by
 *   lib/csv-upload.ts (XMLHttpRequest, for the progress bar), as the ads import is.
 * - `GET /api/orders/imports/:id` → its status and progress, asked every second until it is done.
 * - `POST /api/orders/imports/list {outletId}` → the outlet's imports, newest first.
 * - `GET /api/orders/imports/:id/report` → the validation report (CSV), downloaded as a file.
 * - `POST /api/orders/outlets {}` → the outlets the user sees (the outlet picker).
 */
import { ORDERS_API, ZOrderImport, ZOrderImportList, ZOrdersOutlets, type TColumnMapping, type TOrderImport } from '@dinedesk/contracts/orders';
import { useQuery } from '@tanstack/react-query';
import { buildUrl, getJson, postJson } from '../../../lib/api-client.ts';
import { uploadCsv } from '../../../lib/csv-upload.ts';
import { downloadFile } from '../../../lib/download-file.ts';

export const importKeys = {
  all: ['orders'] as const,
  outlets: () => [...importKeys.all, 'outlets'] as const,
  list: (outletId: string) => [...importKeys.all, 'imports', outletId] as const,
  status: (id: string) => [...importKeys.all, 'import', id] as const,
};

/** How often a running import's status is asked, ms. */
export const STATUS_POLL_MS = 1000;
const DONE = new Set<TOrderImport['status']>(['imported', 'rejected', 'failed']);
export const isDone = (i: TOrderImport) => DONE.has(i.status);

export function useImportOutlets() {
  return useQuery({ queryKey: importKeys.outlets(), queryFn: ({ signal }) => postJson(ORDERS_API.outlets, {}, ZOrdersOutlets, signal), staleTime: 60_000 });
}

export function useImports(outletId: string | null) {
  return useQuery({ queryKey: importKeys.list(outletId ?? ''), queryFn: ({ signal }) => postJson(ORDERS_API.importList, { outletId }, ZOrderImportList, signal), enabled: outletId !== null });
}

/** The import's status, polled until it is imported, rejected or failed. */
export function useImportStatus(id: string | null) {
  return useQuery({
    queryKey: importKeys.status(id ?? ''),
    queryFn: ({ signal }) => getJson(ORDERS_API.importStatus.replace(':importId', id ?? ''), ZOrderImport, undefined, signal),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && isDone(q.state.data) ? false : STATUS_POLL_MS),
  });
}

export interface UploadInput {
  outletId: string;
  file: File;
  shape: 'london' | 'generic';
  currency?: string;
  sourceOutlet?: string;
  mapping?: TColumnMapping;
}

/**
 * Uploads the file, reporting the fraction sent. @returns the queued import
 * @throws {ApiError} with the server's message (400 naming the field, 413 too large, 403, 404), status 0 offline
 */
export function uploadOrders(input: UploadInput, onProgress: (fraction: number) => void): Promise<TOrderImport> {
  const url = buildUrl(ORDERS_API.imports, {
    outletId: input.outletId,
    shape: input.shape,
    fileName: input.file.name.slice(0, 200),
    currency: input.currency,
    sourceOutlet: input.sourceOutlet,
    mapping: input.mapping ? JSON.stringify(input.mapping) : undefined,
  });
  return uploadCsv(url, input.file, ZOrderImport, onProgress);
}

/** Saves the validation report as `<uploaded file>-report.csv`. */
export function downloadReport(imp: TOrderImport): Promise<void> {
  return downloadFile(ORDERS_API.importReport.replace(':importId', imp.id), `${imp.fileName.replace(/\.csv$/i, '')}-report.csv`);
}
