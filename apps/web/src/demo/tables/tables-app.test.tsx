/**
 * The tables section:
 * - basic tables: every variant renders the sample outlets; unknown paths land there;
 * - data table: pages of 10, sorting by a header, the quick filter, the page size, and the
 *   grid's texts in the UI language;
 * - the Excel export writes the rows it is given under translated headers (read back with exceljs).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders, urlOf } from '../../testing/render.tsx';
import { createOrders, OUTLET_DAYS } from './data.ts';
import { buildWorkbook } from './excel-export.ts';
import { DataTablesPage } from './pages/data-tables-page.tsx';
import TablesApp from './tables-app.tsx';

beforeAll(() => i18n.loadNamespaces(['demo', 'demo-tables']));

/** The grid's body rows (the header row has no `data-id`). */
const bodyRows = () => screen.getAllByRole('row').filter((row) => row.hasAttribute('data-id'));
const cellOf = (row: HTMLElement, field: string) => row.querySelector<HTMLElement>(`[data-field="${field}"]`)?.textContent ?? '';

describe('basic tables (/tables/reactstrap)', () => {
  it('shows the five table variants over the sample outlets', async () => {
    renderWithProviders(<TablesApp />, { path: '/tables/reactstrap' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Basic Tables' })).toBeInTheDocument();
    expect(document.title).toBe('Basic Tables · DineDesk');
    for (const name of ['Simple table', 'Striped rows', 'Dense table', 'Table with a caption']) {
      const table = screen.getByRole('table', { name });
      // Header row plus one row per outlet (plus the totals row under the caption).
      expect(within(table).getAllByRole('row').length).toBeGreaterThanOrEqual(OUTLET_DAYS.length + 1);
      expect(within(table).getByRole('rowheader', { name: 'Banjara Hills' })).toBeInTheDocument();
    }
    expect(within(screen.getByRole('table', { name: 'Table with a caption' })).getByText(/Covers and revenue of each outlet/)).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Sticky header' })).getByRole('rowheader', { name: 'Hyderabadi Biryani' })).toBeInTheDocument();
  });

  it('sends an unknown path of the section to the basic tables', async () => {
    const { location } = renderWithProviders(<TablesApp />, { path: '/tables/nothing' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Basic Tables' })).toBeInTheDocument();
    expect(urlOf(location)).toBe('/tables/reactstrap');
  });
});

// The grid is the heaviest render of the section; on a busy machine it takes several seconds.
const GRID_TIMEOUT = 45_000;

describe('data table (/datatables/basic)', () => {
  it('pages, sorts and filters the orders', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DataTablesPage disableVirtualization />, { path: '/datatables/basic' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Data Tables' })).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(screen.getByText('1–10 of 200')).toBeInTheDocument();

    // Sort by price, ascending: the cheapest dish first.
    await user.click(screen.getByRole('columnheader', { name: 'Price' }));
    const cheapest = Math.min(...createOrders().map((order) => order.price));
    await waitFor(() => expect(cellOf(bodyRows()[0] as HTMLElement, 'price')).toBe(`$${cheapest.toFixed(2)}`));

    // The quick filter keeps only matching orders.
    await user.type(screen.getByRole('searchbox'), 'Biryani');
    const expected = createOrders().filter((order) => order.item.includes('Biryani')).length;
    await waitFor(() => expect(screen.getByText(`1–10 of ${expected}`)).toBeInTheDocument());
    for (const row of bodyRows()) expect(cellOf(row, 'item')).toBe('Hyderabadi Biryani');

    // Next page.
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(screen.getByText(`11–${Math.min(20, expected)} of ${expected}`)).toBeInTheDocument());
  }, GRID_TIMEOUT);

  it('speaks the UI language, the grid texts included', async () => {
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['demo', 'demo-tables']);
    renderWithProviders(<DataTablesPage disableVirtualization />, { path: '/datatables/basic' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Datentabellen' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Gericht' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nach Excel exportieren' })).toBeInTheDocument();
    // MUI X's German texts: the page size label of the footer.
    expect(screen.getByText('Zeilen pro Seite:')).toBeInTheDocument();
  }, GRID_TIMEOUT);
});

describe('Excel export', () => {
  it('writes the rows under their headers', async () => {
    const rows = createOrders(3);
    const bytes = await buildWorkbook('Orders', [
      { header: 'Order', width: 8, value: (row: (typeof rows)[number]) => row.id },
      { header: 'Item', width: 20, value: (row: (typeof rows)[number]) => row.item },
    ], rows);
    const ExcelJS = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const sheet = workbook.getWorksheet('Orders');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Order', 'Item']);
    expect(sheet?.getRow(2).values).toEqual([undefined, rows[0]?.id, rows[0]?.item]);
    expect(sheet?.rowCount).toBe(4);
  });
});
