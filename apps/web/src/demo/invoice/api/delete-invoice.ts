/** `DELETE /apps/invoice/delete?id=` (docs/requirements/calls.md). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { INVOICE_API, ZDeleteInvoiceResponse } from '../schema.ts';
import { invoiceKeys } from './keys.ts';

/** Deletes invoice `id`; answers the id. @throws {DemoRequestError} (404: no such invoice) */
export async function deleteInvoice(id: number): Promise<number> {
  const query = new URLSearchParams({ id: String(id) });
  const answer = await demoRequest(`${INVOICE_API.deleteInvoice}?${query.toString()}`, ZDeleteInvoiceResponse, { method: 'DELETE' });
  return answer.id;
}

/** The delete mutation; the deleted invoice's page is forgotten and the lists refetched. */
export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvoice,
    onSuccess: (id) => queryClient.removeQueries({ queryKey: invoiceKeys.detail(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
