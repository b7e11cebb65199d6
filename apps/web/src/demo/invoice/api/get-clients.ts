/** `GET /api/invoice/clients` (docs/requirements/calls.md): the first 5 clients, for the editor's
 * client select. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { INVOICE_API, ZClientsResponse, type TInvoiceClient } from '../schema.ts';
import { invoiceKeys } from './keys.ts';

/** Fetches the clients. @throws {DemoRequestError} */
export function getClients(signal?: AbortSignal): Promise<TInvoiceClient[]> {
  return demoRequest(INVOICE_API.clients, ZClientsResponse, { signal });
}

/** Query options of the clients. */
export function clientsQueryOptions() {
  return queryOptions({ queryKey: invoiceKeys.clients(), queryFn: ({ signal }) => getClients(signal), staleTime: 60_000 });
}

/** The clients of the select. */
export function useClients() {
  return useQuery(clientsQueryOptions());
}
