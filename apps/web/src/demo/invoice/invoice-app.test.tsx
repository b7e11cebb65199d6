/**
 * The invoice screens against the real invoice handlers (`msw/node`; docs/requirements/calls.md):
 * the add page (client select from the first 5 clients, item rows added and removed with the total
 * recomputed, validation, save → preview of the new invoice, id last plus one), a payment on
 * the preview, and the list's status filter.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders, urlOf } from '../../testing/render.tsx';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import { createInvoiceDb } from './data.ts';
import { createInvoiceHandlers } from './handlers.ts';
import InvoiceApp from './invoice-app.tsx';

setupDemoServer(() => createInvoiceHandlers(memoryState(createInvoiceDb)));
beforeAll(() => i18n.loadNamespaces(['demo-invoice']));

const INVOICES = createInvoiceDb().invoices;

describe('the invoice screens', () => {
  it('adds an invoice: client, rows added and removed, totals recomputed, then its preview', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<InvoiceApp />, { path: '/apps/invoice/add' });
    await screen.findByTestId('invoice-editor');

    await user.click(screen.getByTestId('invoice-save'));
    expect(await screen.findByText('Choose a client.')).toBeInTheDocument();

    const client = INVOICES[2]?.client;
    if (!client) throw new Error('no client');
    await user.click(screen.getByRole('combobox', { name: /Client/ }));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(5);
    await user.click(screen.getByRole('option', { name: `${client.name} · ${client.company}` }));
    expect(screen.getByTestId('invoice-client-details')).toHaveTextContent(client.companyEmail);

    const rows = () => screen.getAllByTestId('invoice-item-row');
    // Pasted, not typed key by key: every key re-renders the whole editor, which took this test
    // past its timeout on a loaded 2-core CI machine; the totals are what is under test.
    const enter = async (field: HTMLElement, text: string) => {
      await user.clear(field);
      await user.click(field);
      await user.paste(text);
    };
    const fill = async (row: HTMLElement, name: string, cost: string, qty: string) => {
      await enter(within(row).getByRole('textbox', { name: /Item/ }), name);
      await enter(within(row).getByRole('spinbutton', { name: /Cost/ }), cost);
      await enter(within(row).getByRole('spinbutton', { name: /Qty/ }), qty);
    };
    await fill(rows()[0] as HTMLElement, 'Menu Design', '100.5', '2');
    await user.click(screen.getByTestId('invoice-add-row'));
    await fill(rows()[1] as HTMLElement, 'Photography', '50', '1');
    await user.click(screen.getByTestId('invoice-add-row'));
    await fill(rows()[2] as HTMLElement, 'Discarded', '999', '1');
    expect(screen.getByTestId('invoice-editor-total')).toHaveTextContent('$1,250.00');
    await user.click(screen.getByRole('button', { name: 'Remove item 3' }));
    expect(rows()).toHaveLength(2);
    expect(screen.getByTestId('invoice-editor-total')).toHaveTextContent('$251.00');

    await user.click(screen.getByTestId('invoice-save'));
    expect(await screen.findByTestId('invoice-title')).toHaveTextContent('Invoice #5037');
    expect(urlOf(location)).toBe('/apps/invoice/preview/5037');
    expect(within(screen.getByTestId('invoice-items')).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByTestId('invoice-totals')).toHaveTextContent('$251.00');
  });

  it('records a payment on the preview: the balance falls and the status follows', async () => {
    const user = userEvent.setup();
    const target = INVOICES.find((invoice) => invoice.invoiceStatus === 'Past Due');
    if (!target) throw new Error('no past-due invoice');
    renderWithProviders(<InvoiceApp />, { path: `/apps/invoice/preview/${target.id}` });
    await screen.findByTestId('invoice-sheet');
    expect(screen.getByTestId('invoice-status-chip')).toHaveTextContent('Past Due');
    await user.click(screen.getByTestId('invoice-add-payment'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Payment' });
    const amount = within(dialog).getByTestId('invoice-payment-amount');
    await user.clear(amount);
    await user.type(amount, String(target.total + 1));
    await user.click(within(dialog).getByTestId('invoice-payment-submit'));
    expect(within(dialog).getByText(/cannot be more than the balance/)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '10');
    await user.click(within(dialog).getByTestId('invoice-payment-submit'));
    expect(await screen.findByText('Payment of $10.00 recorded.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('invoice-status-chip')).toHaveTextContent('Partial Payment'));
    await waitFor(() => expect(screen.getByTestId('invoice-totals')).toHaveTextContent(`$${(target.total - 10).toLocaleString('en-US', { minimumFractionDigits: 2 })}`));
  });

  it('filters the list by status, newest first', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<InvoiceApp />, { path: '/apps/invoice/list' });
    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows[0]).toHaveAttribute('data-invoice-id', '5036');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Draft' }));
    const drafts = INVOICES.filter((invoice) => invoice.invoiceStatus === 'Draft').sort((a, b) => b.id - a.id);
    await waitFor(() => expect(screen.getAllByTestId('invoice-row').map((row) => row.getAttribute('data-invoice-id'))).toEqual(drafts.slice(0, 10).map((invoice) => String(invoice.id))));
    expect(urlOf(location)).toBe('/apps/invoice/list?status=Draft');
  });
});
