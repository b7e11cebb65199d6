/**
 * Shapes of the invoice demo calls (docs/requirements/data.md#invoice; docs/requirements/states.md
 * invoice statuses; docs/requirements/calls.md; docs/requirements/constants.md invoices per page
 * 10):
 * - `GET /apps/invoice/invoices?q&perPage&page&status` → `{ allData, invoices, total }`: `q`
 *   matches the client's email or name (case-insensitive), `status` one of the six (any case),
 *   `invoices` newest id first, paged (10 by default), `total` the filtered count, `allData`
 *   every invoice;
 * - `GET /api/invoice/invoices/{id}` → `{ invoice, paymentDetails }` (404 if missing);
 * - `DELETE /apps/invoice/delete?id=` → `{ id }` (404 if missing);
 * - `GET /api/invoice/clients` → the clients of the first 5 invoices;
 * - `POST /apps/invoice/add-invoice {invoice}` → 201 `{ invoice }` (id = last id plus one) and
 *   `POST /apps/invoice/update-invoice {invoice}` → `{ invoice }`: not in the spec's list; the
 *   add and edit pages need somewhere to save (the template's forms kept nothing).
 *
 * Dates are `YYYY-MM-DD` (the template kept display strings such as "13 Dec 2019"), so they
 * show in the reader's language. `balance` keeps the template's two forms, a number (724) or
 * a signed dollar string ('-$205.00', '$0'); balance.ts reads both. `items` (the lines of the
 * preview and the editor) are this app's addition to the spec's fields.
 */
import { z } from 'zod';

export const INVOICE_STATUSES = ['Paid', 'Downloaded', 'Sent', 'Draft', 'Partial Payment', 'Past Due'] as const;

/** Invoices per page when `perPage` is not given (docs/requirements/constants.md). */
export const INVOICES_PER_PAGE = 10;

/** How many clients `GET /api/invoice/clients` answers (docs/requirements/calls.md#invoices). */
export const CLIENT_COUNT = 5;

export const ZInvoiceStatus = z.enum(INVOICE_STATUSES);

/** A dollar amount as the template wrote balances: '$0', '$1,024.50', '-$205.00'. */
export const ZDollarString = z.string().regex(/^-?\$\d{1,3}(?:,?\d{3})*(?:\.\d{1,2})?$/, 'a signed dollar amount such as -$205.00');

export const ZInvoiceClient = z.object({
  address: z.string(),
  company: z.string(),
  companyEmail: z.email(),
  country: z.string(),
  contact: z.string(),
  name: z.string().trim().min(1),
});

/** One line of an invoice: `cost` in US dollars per unit, `qty` units. */
export const ZInvoiceItem = z.object({
  name: z.string().trim().min(1),
  description: z.string(),
  cost: z.number().nonnegative(),
  qty: z.number().int().positive(),
});

/** An invoice (docs/requirements/data.md), amounts in US dollars. */
export const ZInvoice = z.object({
  id: z.number().int().positive(),
  issuedDate: z.iso.date(),
  client: ZInvoiceClient,
  service: z.string(),
  total: z.number().nonnegative(),
  avatar: z.string(),
  invoiceStatus: ZInvoiceStatus,
  balance: z.union([z.number(), ZDollarString]),
  dueDate: z.iso.date(),
  items: z.array(ZInvoiceItem).min(1),
  note: z.string().optional(),
});

/** The seller's bank details and what is due (docs/requirements/data.md#payment-details). */
export const ZPaymentDetails = z.object({
  totalDue: z.number(),
  bankName: z.string(),
  country: z.string(),
  iban: z.string(),
  swiftCode: z.string(),
});

export const ZNewInvoice = ZInvoice.omit({ id: true });
export const ZInvoicesResponse = z.object({ allData: z.array(ZInvoice), invoices: z.array(ZInvoice), total: z.number().int().nonnegative() });
export const ZInvoiceDetailResponse = z.object({ invoice: ZInvoice, paymentDetails: ZPaymentDetails });
export const ZClientsResponse = z.array(ZInvoiceClient);
export const ZDeleteInvoiceResponse = z.object({ id: z.number().int() });
export const ZAddInvoiceRequest = z.object({ invoice: ZNewInvoice });
export const ZUpdateInvoiceRequest = z.object({ invoice: ZInvoice });
export const ZInvoiceResponse = z.object({ invoice: ZInvoice });
export const ZDemoError = z.object({ message: z.string() });

export type TInvoiceStatus = z.infer<typeof ZInvoiceStatus>;
export type TInvoiceClient = z.infer<typeof ZInvoiceClient>;
export type TInvoiceItem = z.infer<typeof ZInvoiceItem>;
export type TInvoice = z.infer<typeof ZInvoice>;
export type TNewInvoice = z.infer<typeof ZNewInvoice>;
export type TPaymentDetails = z.infer<typeof ZPaymentDetails>;
export type TInvoicesResponse = z.infer<typeof ZInvoicesResponse>;
export type TInvoiceDetailResponse = z.infer<typeof ZInvoiceDetailResponse>;
export type TInvoiceResponse = z.infer<typeof ZInvoiceResponse>;
export type TDeleteInvoiceResponse = z.infer<typeof ZDeleteInvoiceResponse>;
export type TDemoError = z.infer<typeof ZDemoError>;

/** The list query; empty values are left out of the URL. */
export interface InvoicesQuery {
  q?: string;
  perPage?: number;
  page?: number;
  status?: TInvoiceStatus | '';
}

/** Paths of the invoice demo calls (docs/requirements/calls.md; add and update are this app's
 * additions). */
export const INVOICE_API = {
  invoices: '/apps/invoice/invoices',
  invoice: (id: number | string) => `/api/invoice/invoices/${id}`,
  invoicePattern: '/api/invoice/invoices/:id',
  deleteInvoice: '/apps/invoice/delete',
  clients: '/api/invoice/clients',
  addInvoice: '/apps/invoice/add-invoice',
  updateInvoice: '/apps/invoice/update-invoice',
} as const;
