/**
 * MSW handlers of the invoice demo (docs/requirements/calls.md#demo-mock-calls and constants.md),
 * typed with the schema's types:
 * - `GET /apps/invoice/invoices` → `{ allData, invoices, total }`: `q` on the client's email or
 *   name (case-insensitive substring), `status` (any case; empty: any), newest id first, page
 *   `page` (from 1) of `perPage` (default 10); `allData` is every invoice;
 * - `GET /api/invoice/invoices/{id}` → `{ invoice, paymentDetails }` (`totalDue`: what the
 *   balance still asks for, never below 0), 404 if missing;
 * - `DELETE /apps/invoice/delete?id=` → `{ id }`, 404 if missing;
 * - `GET /api/invoice/clients` → the clients of the first 5 invoices;
 * - `POST /apps/invoice/add-invoice {invoice}` → 201 `{ invoice }`, id = last id plus one;
 *   `POST /apps/invoice/update-invoice {invoice}` → `{ invoice }`, 404 if missing (this app's
 *   additions, see schema.ts).
 * A parameter or body of the wrong shape → 400 with a `message` naming the field. Every change
 * is saved to the area's {@link DemoState}.
 */
import { http, HttpResponse, type DefaultBodyType, type RequestHandler } from 'msw';
import type { DemoState } from '../mock/session-state.ts';
import { balanceAmount } from './balance.ts';
import { SELLER_BANK, type InvoiceDb } from './data.ts';
import {
  CLIENT_COUNT,
  INVOICE_API,
  INVOICE_STATUSES,
  INVOICES_PER_PAGE,
  ZAddInvoiceRequest,
  ZUpdateInvoiceRequest,
  type TDeleteInvoiceResponse,
  type TDemoError,
  type TInvoice,
  type TInvoiceClient,
  type TInvoiceDetailResponse,
  type TInvoiceResponse,
  type TInvoicesResponse,
} from './schema.ts';

const badRequest = (message: string) => HttpResponse.json<TDemoError>({ message }, { status: 400 });
const notFound = (message: string) => HttpResponse.json<TDemoError>({ message }, { status: 404 });

/** A positive integer, `fallback` when absent or empty, null when invalid. */
function positiveInt(raw: string | null | undefined, fallback: number): number | null {
  if (raw === null || raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** "invoice.client.companyEmail: Invalid email address" from the first zod issue. */
function describeIssue(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  const field = issue?.path.map(String).join('.') || 'body';
  return `${field}: ${issue?.message ?? 'invalid'}`;
}

/** The list answer for `params` over `invoices`, or a 400 message. */
export function listInvoices(invoices: readonly TInvoice[], params: URLSearchParams): TInvoicesResponse | string {
  const perPage = positiveInt(params.get('perPage'), INVOICES_PER_PAGE);
  if (perPage === null) return 'perPage: must be a positive integer';
  const page = positiveInt(params.get('page'), 1);
  if (page === null) return 'page: must be a positive integer';
  const statusParam = (params.get('status') ?? '').trim().toLowerCase();
  const status = INVOICE_STATUSES.find((candidate) => candidate.toLowerCase() === statusParam);
  if (statusParam !== '' && !status) return `status: must be one of ${INVOICE_STATUSES.join(', ')}`;
  const q = (params.get('q') ?? '').trim().toLowerCase();
  const filtered = invoices
    .filter(
      (invoice) =>
        (q === '' || invoice.client.companyEmail.toLowerCase().includes(q) || invoice.client.name.toLowerCase().includes(q)) &&
        (!status || invoice.invoiceStatus === status),
    )
    .sort((a, b) => b.id - a.id);
  return { allData: [...invoices], invoices: filtered.slice((page - 1) * perPage, page * perPage), total: filtered.length };
}

/** The invoice handlers over `state` (changed by add, update and delete). */
export function createInvoiceHandlers(state: DemoState<InvoiceDb>): RequestHandler[] {
  const db = state.data;
  return [
    http.get<never, never, TInvoicesResponse | TDemoError>(INVOICE_API.invoices, ({ request }) => {
      const result = listInvoices(db.invoices, new URL(request.url).searchParams);
      return typeof result === 'string' ? badRequest(result) : HttpResponse.json(result);
    }),

    http.get<{ id: string }, never, TInvoiceDetailResponse | TDemoError>(INVOICE_API.invoicePattern, ({ params }) => {
      const id = positiveInt(params.id, 0);
      if (!id) return badRequest('id: must be a positive integer');
      const invoice = db.invoices.find((candidate) => candidate.id === id);
      if (!invoice) return notFound(`No invoice ${id}`);
      return HttpResponse.json({ invoice, paymentDetails: { ...SELLER_BANK, totalDue: Math.max(0, balanceAmount(invoice.balance)) } });
    }),

    http.delete<never, never, TDeleteInvoiceResponse | TDemoError>(INVOICE_API.deleteInvoice, ({ request }) => {
      const id = positiveInt(new URL(request.url).searchParams.get('id'), 0);
      if (!id) return badRequest('id: must be a positive integer');
      const index = db.invoices.findIndex((invoice) => invoice.id === id);
      if (index < 0) return notFound(`No invoice ${id}`);
      db.invoices.splice(index, 1);
      state.save();
      return HttpResponse.json({ id });
    }),

    http.get<never, never, TInvoiceClient[]>(INVOICE_API.clients, () =>
      HttpResponse.json(db.invoices.slice(0, CLIENT_COUNT).map((invoice) => ({ ...invoice.client }))),
    ),

    http.post<never, DefaultBodyType, TInvoiceResponse | TDemoError>(INVOICE_API.addInvoice, async ({ request }) => {
      const parsed = ZAddInvoiceRequest.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return badRequest(describeIssue(parsed.error.issues));
      const lastId = db.invoices.reduce((max, invoice) => Math.max(max, invoice.id), 0);
      const invoice: TInvoice = { ...parsed.data.invoice, id: lastId + 1 };
      db.invoices.push(invoice);
      state.save();
      return HttpResponse.json({ invoice }, { status: 201 });
    }),

    http.post<never, DefaultBodyType, TInvoiceResponse | TDemoError>(INVOICE_API.updateInvoice, async ({ request }) => {
      const parsed = ZUpdateInvoiceRequest.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return badRequest(describeIssue(parsed.error.issues));
      const index = db.invoices.findIndex((invoice) => invoice.id === parsed.data.invoice.id);
      if (index < 0) return notFound(`No invoice ${parsed.data.invoice.id}`);
      db.invoices[index] = parsed.data.invoice;
      state.save();
      return HttpResponse.json({ invoice: parsed.data.invoice });
    }),
  ];
}
