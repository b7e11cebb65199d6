/**
 * Saving from the add and edit pages: `POST /apps/invoice/add-invoice {invoice}` (201, id = last
 * id plus one) and `POST /apps/invoice/update-invoice {invoice}`, this app's additions to
 * docs/requirements/calls.md (see schema.ts). Both refetch the lists; an update also refreshes the
 * invoice's page.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { INVOICE_API, ZInvoiceResponse, type TInvoice, type TNewInvoice } from '../schema.ts';
import { invoiceKeys } from './keys.ts';

/** Adds `invoice`; answers it with its id. @throws {DemoRequestError} (400: a bad field) */
export async function addInvoice(invoice: TNewInvoice): Promise<TInvoice> {
  const answer = await demoRequest(INVOICE_API.addInvoice, ZInvoiceResponse, { method: 'POST', body: { invoice } });
  return answer.invoice;
}

/** Replaces the stored invoice. @throws {DemoRequestError} (404: no such invoice) */
export async function updateInvoice(invoice: TInvoice): Promise<TInvoice> {
  const answer = await demoRequest(INVOICE_API.updateInvoice, ZInvoiceResponse, { method: 'POST', body: { invoice } });
  return answer.invoice;
}

/** Adds a new invoice (no id) or updates a stored one. */
export function useSaveInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoice: TNewInvoice | TInvoice) => ('id' in invoice ? updateInvoice(invoice) : addInvoice(invoice)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
