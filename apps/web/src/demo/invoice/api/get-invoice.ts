/** `GET /api/invoice/invoices/{id}` (docs/requirements/calls.md): the invoice and the payment
 * details. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { INVOICE_API, ZInvoiceDetailResponse, type TInvoiceDetailResponse } from '../schema.ts';
import { invoiceKeys } from './keys.ts';

/** Fetches invoice `id`. @throws {DemoRequestError} (404: no such invoice) */
export function getInvoice(id: number, signal?: AbortSignal): Promise<TInvoiceDetailResponse> {
  return demoRequest(INVOICE_API.invoice(id), ZInvoiceDetailResponse, { signal });
}

/** Query options of invoice `id`. */
export function invoiceQueryOptions(id: number) {
  return queryOptions({ queryKey: invoiceKeys.detail(id), queryFn: ({ signal }) => getInvoice(id, signal) });
}

/** Invoice `id` (disabled while `id` is unknown). */
export function useInvoice(id: number | null) {
  return useQuery({ ...invoiceQueryOptions(id ?? 0), enabled: id !== null });
}
