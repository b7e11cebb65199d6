/**
 * The Extensions section in jsdom: routing and titles, and the main control of the
 * pages that jsdom can drive — sweet alerts, toasts, uploader, clipboard (granted and refused),
 * context menu, i18n (another language without changing the app's), Excel import with row
 * errors, and the Excel file written by exceljs read back. Dragging, the tour, the carousel
 * and the PDF need layout and a real browser: e2e/showcase-extensions.spec.ts.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders, urlOf } from '../../testing/render.tsx';
import ExtensionsApp from './extensions-app.tsx';
import { MENU_ITEMS } from './menu-items.ts';
import { menuWorkbook, readMenuFile } from './spreadsheet.ts';

beforeAll(() => i18n.loadNamespaces(['demo', 'demo-extensions']));

const open = (path: string) => renderWithProviders(<ExtensionsApp />, { path });

describe('the Extensions section', () => {
  it('opens the first page for an unknown path, with its title', async () => {
    const { location } = open('/extensions/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sweet Alert' })).toBeInTheDocument();
    expect(urlOf(location)).toBe('/extensions/sweet-alert');
    expect(document.title).toBe('Sweet Alert · DineDesk');
  });

  it('sweet alert: a confirmation answered Yes opens the success alert; Esc closes it', async () => {
    const user = userEvent.setup();
    open('/extensions/sweet-alert');
    await user.click(await screen.findByRole('button', { name: 'Delete the booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByRole('dialog', { name: 'Deleted' })).toBeInTheDocument();
    expect(screen.getByTestId('sweet-alert-outcome')).toHaveTextContent('the booking was deleted');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('toasts: a variant button shows its toast, Undo counts, Dismiss all clears', async () => {
    const user = userEvent.setup();
    open('/extensions/toastify');
    await user.click(await screen.findByRole('button', { name: 'Success' }));
    expect(await screen.findByText('Order #1042 sent to the kitchen.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Toast with Undo' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(screen.getByTestId('toasts-undone')).toHaveTextContent('Undo pressed 1 time.');
  });

  it('uploader: lists an image with its preview, refuses a PDF with the reason, removes a file', async () => {
    const user = userEvent.setup({ applyAccept: false });
    open('/extensions/uploader');
    const input = await screen.findByTestId('uploader-input');
    await user.upload(input, [new File(['x'], 'pizza.png', { type: 'image/png' }), new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' })]);
    const files = await screen.findByTestId('uploader-files');
    expect(within(files).getByText('pizza.png')).toBeInTheDocument();
    expect(await within(files).findByRole('img', { name: 'Preview of pizza.png' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    expect(screen.getByTestId('uploader-rejected')).toHaveTextContent('menu.pdf: Only images (PNG, JPEG, WebP) and CSV files are accepted.');
    await user.click(screen.getByRole('button', { name: 'Remove pizza.png' }));
    expect(screen.getByText('No files yet.')).toBeInTheDocument();
  });

  it('clipboard: says Copied when the browser copies, and explains when it refuses', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open('/extensions/clipboard');
    await user.click(await screen.findByTestId('clipboard-copy-wifi'));
    expect(writeText).toHaveBeenCalledWith('Trattoria-Guest-2026');
    expect(await screen.findByText('Copied to the clipboard.')).toBeInTheDocument();
    await user.click(screen.getByTestId('clipboard-copy-link'));
    expect(await screen.findByText(/did not allow access to the clipboard/)).toBeInTheDocument();
    expect(screen.getByTestId('clipboard-field-link')).toHaveFocus();
  });

  it('context menu: a right click opens the actions; Shift+F10 opens them from the keyboard', async () => {
    const user = userEvent.setup();
    open('/extensions/context-menu');
    const row = await screen.findByTestId('context-row-2');
    fireEvent.contextMenu(row, { clientX: 200, clientY: 150 });
    await user.click(await screen.findByRole('menuitem', { name: 'Seat the party' }));
    expect(within(row).getByText('Seated')).toBeInTheDocument();
    expect(screen.getByTestId('context-menu-last')).toHaveTextContent('Jonas Becker was seated.');

    const first = screen.getByTestId('context-row-1');
    act(() => first.focus());
    await user.keyboard('{Shift>}{F10}{/Shift}');
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('context-row-1')).not.toBeInTheDocument());
  });

  it('i18n: shows the samples in German with German formats, the app staying English', async () => {
    const user = userEvent.setup();
    open('/extensions/i18n');
    await user.click(await screen.findByRole('button', { name: 'Deutsch' }));
    await waitFor(() => expect(screen.getByTestId('i18n-strings')).toHaveAttribute('data-language', 'de'));
    expect(screen.getByTestId('i18n-strings')).toHaveTextContent('Alice hat einen Tisch für 4 Gäste reserviert.');
    expect(screen.getByTestId('i18n-strings')).toHaveTextContent('Jonas hat einen Tisch für 1 Gast reserviert.');
    expect(screen.getByTestId('i18n-format-currency').textContent).toBe(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(1249.5));
    expect(i18n.language).toBe('en');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('i18n');
  });

  it('import: a CSV with bad rows fills the table with the good ones and lists the problems', async () => {
    const user = userEvent.setup();
    open('/extensions/import-export');
    const csv = 'sku,name,category,price,available\nN-1,Focaccia,starter,4.5,yes\nN-2,,dessert,abc,yes\n';
    await user.upload(await screen.findByTestId('import-input'), new File([csv], 'menu.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Imported 1 item from menu.csv.')).toBeInTheDocument();
    const table = screen.getByTestId('menu-table');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('Focaccia')).toBeInTheDocument();
    const problems = screen.getByTestId('import-errors');
    expect(within(problems).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Row 3, Name: a value is required.', 'Row 3, Price: must be a number of zero or more.']);
  });
});

describe('the Excel file (exceljs)', () => {
  it('reads back what it writes', async () => {
    const data = await menuWorkbook(MENU_ITEMS, ['SKU', 'Name', 'Category', 'Price', 'Available'], 'Menu');
    const file = new File([data], 'menu.xlsx');
    const { items, errors } = await readMenuFile(file);
    expect(errors).toEqual([]);
    expect(items).toEqual(MENU_ITEMS);
  });
});
