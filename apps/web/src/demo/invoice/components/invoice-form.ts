/**
 * The add/edit form of an invoice: its values (numbers kept as typed text until saved), zod
 * validation (error keys of `demo-invoice:errors`), totals recomputed from the rows, and the
 * invoice to save. A new invoice starts as a Draft whose balance is its total; an edited one
 * keeps what was already paid, so its balance moves by the change of the total.
 */
import { z } from 'zod';
import { balanceAmount, itemsTotal, roundCents } from '../balance.ts';
import { ZInvoiceClient, type TInvoice, type TInvoiceClient, type TInvoiceItem, type TNewInvoice } from '../schema.ts';

export interface ItemRow {
  /** Stable React key of the row. */
  key: number;
  name: string;
  description: string;
  /** Dollars per unit, as typed. */
  cost: string;
  /** Units, as typed. */
  qty: string;
}

export interface InvoiceFormValues {
  client: TInvoiceClient | null;
  issuedDate: string;
  dueDate: string;
  items: ItemRow[];
  note: string;
}

export type InvoiceFormErrorKey = 'client' | 'date' | 'dueBeforeIssued' | 'itemName' | 'cost' | 'qty';
/** Errors of the form: `client`, `issuedDate`, `dueDate`, and per row `items.<index>.<field>`. */
export type InvoiceFormErrors = Record<string, InvoiceFormErrorKey>;

const ZRow = z.object({
  name: z.string().trim().min(1, 'itemName'),
  description: z.string(),
  cost: z.string().refine((value) => value.trim() !== '' && Number(value) >= 0, 'cost'),
  qty: z.string().refine((value) => Number.isInteger(Number(value)) && Number(value) >= 1, 'qty'),
});

const ZForm = z
  .object({
    client: ZInvoiceClient.nullable().refine((client) => client !== null, 'client'),
    issuedDate: z.iso.date('date'),
    dueDate: z.iso.date('date'),
    items: z.array(ZRow).min(1, 'itemName'),
    note: z.string(),
  })
  .refine((form) => form.dueDate >= form.issuedDate, { path: ['dueDate'], message: 'dueBeforeIssued' });

const KNOWN: readonly InvoiceFormErrorKey[] = ['client', 'date', 'dueBeforeIssued', 'itemName', 'cost', 'qty'];

let nextKey = 1;
/** An empty item row. */
export function emptyRow(): ItemRow {
  nextKey += 1;
  return { key: nextKey, name: '', description: '', cost: '', qty: '1' };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A new invoice's form: issued today, due in 30 days, one empty row. */
export function newInvoiceForm(today = new Date()): InvoiceFormValues {
  return { client: null, issuedDate: isoDay(today), dueDate: isoDay(new Date(today.getTime() + 30 * 86_400_000)), items: [emptyRow()], note: '' };
}

/** The form showing a stored invoice. */
export function formFromInvoice(invoice: TInvoice): InvoiceFormValues {
  return {
    client: invoice.client,
    issuedDate: invoice.issuedDate,
    dueDate: invoice.dueDate,
    items: invoice.items.map((item) => ({ ...emptyRow(), name: item.name, description: item.description, cost: String(item.cost), qty: String(item.qty) })),
    note: invoice.note ?? '',
  };
}

/** The rows as items (unparseable numbers count as 0). */
export function itemsOf(rows: readonly ItemRow[]): TInvoiceItem[] {
  return rows.map((row) => ({
    name: row.name.trim(),
    description: row.description.trim(),
    cost: roundCents(Math.max(0, Number(row.cost) || 0)),
    qty: Math.max(1, Math.trunc(Number(row.qty) || 1)),
  }));
}

/** The total of the rows as typed, in dollars. */
export function formTotal(rows: readonly ItemRow[]): number {
  return itemsTotal(itemsOf(rows));
}

/** Errors of `form` (empty when valid). */
export function validateInvoiceForm(form: InvoiceFormValues): InvoiceFormErrors {
  const parsed = ZForm.safeParse(form);
  if (parsed.success) return {};
  const errors: InvoiceFormErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    if (errors[path]) continue;
    errors[path] = KNOWN.find((key) => key === issue.message) ?? (path === 'client' ? 'client' : 'date');
  }
  return errors;
}

/** The invoice to add for a valid form (a Draft, its balance its total). */
export function newInvoiceFrom(form: InvoiceFormValues & { client: TInvoiceClient }): TNewInvoice {
  const items = itemsOf(form.items);
  const total = itemsTotal(items);
  return {
    issuedDate: form.issuedDate,
    dueDate: form.dueDate,
    client: form.client,
    service: items[0]?.name ?? '',
    total,
    avatar: '',
    invoiceStatus: 'Draft',
    balance: total,
    items,
    note: form.note.trim(),
  };
}

/** The stored invoice changed by a valid form (the balance moves by the change of the total). */
export function updatedInvoiceFrom(stored: TInvoice, form: InvoiceFormValues & { client: TInvoiceClient }): TInvoice {
  const items = itemsOf(form.items);
  const total = itemsTotal(items);
  return {
    ...stored,
    issuedDate: form.issuedDate,
    dueDate: form.dueDate,
    client: form.client,
    service: items[0]?.name ?? '',
    total,
    balance: roundCents(balanceAmount(stored.balance) + total - stored.total),
    items,
    note: form.note.trim(),
  };
}
