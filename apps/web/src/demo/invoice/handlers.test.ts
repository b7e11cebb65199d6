/**
 * The invoice demo's mock rules (docs/requirements/calls.md#demo-mock-calls and constants.md: 10
 * per page, new ids are last id plus one) through `msw/node`, each over fresh data: `q` on the
 * client's email and on its name, the status filter, newest id first, the default page size and
 * paging total, get with payment details (and 404), delete, the first 5 clients, and this app's add
 * and update.
 */
import { describe, expect, it } from 'vitest';
import { DemoRequestError } from '../mock/demo-fetch.ts';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import { deleteInvoice } from './api/delete-invoice.ts';
import { getClients } from './api/get-clients.ts';
import { getInvoice } from './api/get-invoice.ts';
import { getInvoices } from './api/get-invoices.ts';
import { addInvoice, updateInvoice } from './api/save-invoice.ts';
import { balanceAmount, dollarString, itemsTotal } from './balance.ts';
import { createInvoiceDb } from './data.ts';
import { createInvoiceHandlers } from './handlers.ts';
import { INVOICE_API, INVOICE_STATUSES, ZInvoicesResponse, type TNewInvoice } from './schema.ts';

setupDemoServer(() => createInvoiceHandlers(memoryState(createInvoiceDb)));

const INVOICES = createInvoiceDb().invoices;
const idsDescending = (ids: number[]) => [...ids].sort((a, b) => b - a);
const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof DemoRequestError ? error.status : -1),
  );

describe('the invoice data (50 invoices)', () => {
  it('has 50 valid invoices from id 4987, every status, both balance forms, totals matching items', () => {
    expect(() => ZInvoicesResponse.shape.allData.parse(INVOICES)).not.toThrow();
    expect(INVOICES).toHaveLength(50);
    expect(INVOICES[0]?.id).toBe(4987);
    expect(new Set(INVOICES.map((invoice) => invoice.invoiceStatus))).toEqual(new Set(INVOICE_STATUSES));
    expect(INVOICES.some((invoice) => typeof invoice.balance === 'number')).toBe(true);
    expect(INVOICES.some((invoice) => typeof invoice.balance === 'string' && invoice.balance.startsWith('-$'))).toBe(true);
    for (const invoice of INVOICES) expect(invoice.total).toBe(itemsTotal(invoice.items));
    expect(createInvoiceDb()).toEqual(createInvoiceDb());
  });

  it('reads both balance forms', () => {
    expect(balanceAmount(724)).toBe(724);
    expect(balanceAmount('-$205.00')).toBe(-205);
    expect(balanceAmount('$1,024.50')).toBe(1024.5);
    expect(balanceAmount('$0')).toBe(0);
    expect(dollarString(-205)).toBe('-$205.00');
    expect(dollarString(0)).toBe('$0');
  });
});

describe('GET /apps/invoice/invoices', () => {
  it('answers 10 invoices by default, newest id first, with the total and allData', async () => {
    const { invoices, total, allData } = await getInvoices({});
    expect(invoices.map((invoice) => invoice.id)).toEqual(Array.from({ length: 10 }, (_, i) => 5036 - i));
    expect(total).toBe(50);
    expect(allData).toHaveLength(50);
  });

  it('pages newest first, the total counting every page', async () => {
    const third = await getInvoices({ page: 3, perPage: 20 });
    expect(third.invoices.map((invoice) => invoice.id)).toEqual(Array.from({ length: 10 }, (_, i) => 4996 - i));
    expect(third.total).toBe(50);
  });

  it('q matches the client email', async () => {
    const target = INVOICES.find((invoice) => !invoice.client.name.toLowerCase().includes(invoice.client.companyEmail.split('@')[0] ?? ''));
    if (!target) throw new Error('no invoice whose email differs from the name');
    const q = target.client.companyEmail.toUpperCase();
    const { invoices, total } = await getInvoices({ q, perPage: 50 });
    const expected = INVOICES.filter((invoice) => invoice.client.companyEmail.toLowerCase().includes(q.toLowerCase()) || invoice.client.name.toLowerCase().includes(q.toLowerCase()));
    expect(invoices.map((invoice) => invoice.id)).toEqual(idsDescending(expected.map((invoice) => invoice.id)));
    expect(invoices.map((invoice) => invoice.id)).toContain(target.id);
    expect(total).toBe(expected.length);
  });

  it('q matches the client name', async () => {
    const target = INVOICES[12];
    if (!target) throw new Error('no invoice 13');
    // The full name with its space never appears in an email.
    const { invoices } = await getInvoices({ q: target.client.name.toLowerCase(), perPage: 50 });
    expect(invoices.map((invoice) => invoice.id)).toContain(target.id);
    expect(invoices.every((invoice) => invoice.client.name.toLowerCase().includes(target.client.name.toLowerCase()))).toBe(true);
  });

  it('filters by status, in any case', async () => {
    const expected = INVOICES.filter((invoice) => invoice.invoiceStatus === 'Partial Payment');
    const { invoices, total } = await getInvoices({ status: 'Partial Payment', perPage: 50 });
    expect(total).toBe(expected.length);
    expect(invoices.map((invoice) => invoice.id)).toEqual(idsDescending(expected.map((invoice) => invoice.id)));
    const lower = await fetch(`${INVOICE_API.invoices}?status=past%20due&perPage=50`);
    const body = ZInvoicesResponse.parse(await lower.json());
    expect(body.invoices.every((invoice) => invoice.invoiceStatus === 'Past Due')).toBe(true);
    expect(body.total).toBe(INVOICES.filter((invoice) => invoice.invoiceStatus === 'Past Due').length);
  });

  it('rejects an unknown status with 400 naming the parameter', async () => {
    const response = await fetch(`${INVOICE_API.invoices}?status=Lost`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^status:/);
  });
});

describe('GET /api/invoice/invoices/{id}', () => {
  it('answers the invoice and the payment details', async () => {
    const target = INVOICES.find((invoice) => balanceAmount(invoice.balance) > 0);
    if (!target) throw new Error('no invoice with a balance');
    const { invoice, paymentDetails } = await getInvoice(target.id);
    expect(invoice).toEqual(target);
    expect(paymentDetails).toEqual({ totalDue: balanceAmount(target.balance), bankName: 'American Bank', country: 'United States', iban: 'ETD95476213874685', swiftCode: 'BR91905' });
  });

  it('answers 404 for an unknown id', async () => {
    expect(await statusOf(getInvoice(1))).toBe(404);
  });
});

describe('DELETE /apps/invoice/delete?id=', () => {
  it('deletes the invoice', async () => {
    expect(await deleteInvoice(5036)).toBe(5036);
    expect(await statusOf(getInvoice(5036))).toBe(404);
    const { invoices, total } = await getInvoices({});
    expect(total).toBe(49);
    expect(invoices[0]?.id).toBe(5035);
  });

  it('answers 404 for an unknown id', async () => {
    expect(await statusOf(deleteInvoice(1))).toBe(404);
  });
});

describe('GET /api/invoice/clients', () => {
  it('answers the first 5 clients', async () => {
    expect(await getClients()).toEqual(INVOICES.slice(0, 5).map((invoice) => invoice.client));
  });
});

describe('add and update (this app’s additions)', () => {
  const first = INVOICES[0];
  if (!first) throw new Error('no invoices');
  const { id: _id, ...rest } = first;
  const NEW_INVOICE: TNewInvoice = { ...rest, invoiceStatus: 'Draft', balance: first.total };

  it('adds with 201 under the last id plus one, listed first', async () => {
    const response = await fetch(INVOICE_API.addInvoice, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ invoice: NEW_INVOICE }) });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ invoice: { ...NEW_INVOICE, id: 5037 } });
    expect((await getInvoices({})).invoices[0]?.id).toBe(5037);
    expect((await addInvoice(NEW_INVOICE)).id).toBe(5038);
  });

  it('updates a stored invoice and answers 404 for an unknown one', async () => {
    const paid = { ...first, invoiceStatus: 'Paid' as const, balance: 0 };
    expect(await updateInvoice(paid)).toEqual(paid);
    expect((await getInvoice(first.id)).invoice).toEqual(paid);
    expect(await statusOf(updateInvoice({ ...paid, id: 1 }))).toBe(404);
  });
});
