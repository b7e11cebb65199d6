/** `GET /apps/invoice/invoices` (docs/requirements/calls.md): one page of the filtered invoices,
 * newest first. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { INVOICE_API, ZInvoicesResponse, type InvoicesQuery, type TInvoicesResponse } from '../schema.ts';
import { invoiceKeys } from './keys.ts';

/** The query string of `query`, without empty values. */
export function invoicesSearch(query: InvoicesQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Fetches one page. @throws {DemoRequestError} (400: a bad filter) */
export function getInvoices(query: InvoicesQuery, signal?: AbortSignal): Promise<TInvoicesResponse> {
  return demoRequest(`${INVOICE_API.invoices}${invoicesSearch(query)}`, ZInvoicesResponse, { signal });
}

/** Query options of one page; the previous page stays on screen while the next loads. */
export function invoicesQueryOptions(query: InvoicesQuery) {
  return queryOptions({ queryKey: invoiceKeys.list(query), queryFn: ({ signal }) => getInvoices(query, signal), placeholderData: keepPreviousData });
}

/** One page of the invoice list. */
export function useInvoices(query: InvoicesQuery) {
  return useQuery(invoicesQueryOptions(query));
}
