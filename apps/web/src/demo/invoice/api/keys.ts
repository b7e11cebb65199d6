/** TanStack Query keys of the invoice demo; every change invalidates `all`. */
import type { InvoicesQuery } from '../schema.ts';

export const invoiceKeys = {
  all: ['demo', 'invoice'] as const,
  list: (query: InvoicesQuery) => [...invoiceKeys.all, 'list', query] as const,
  detail: (id: number) => [...invoiceKeys.all, 'detail', id] as const,
  clients: () => [...invoiceKeys.all, 'clients'] as const,
};
