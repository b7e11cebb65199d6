import { ORDERS_API, ZOrderImportList, ZOrderImportQuery, ZOrdersOutlets, type TOrderImport } from '@dinedesk/contracts/orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mockApi } from '../../../testing/api-server.ts';
import { contractHandler } from '../../../testing/contract-handlers.ts';
import { OWNER_RULES, signInAs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { OrderImportPage } from './order-import-page.tsx';

const OUTLET = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000b1';
const IMPORT_ID = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000c1';

const imp = (over: Partial<TOrderImport>): TOrderImport => ({ id: IMPORT_ID, outletId: OUTLET, fileName: 'pos.csv', bytes: 120, shape: 'generic', currency: 'INR', status: 'queued', progress: 0, rowsRead: 0, ordersImported: 0, linesImported: 0, ordersAlreadyThere: 0, rowsSkipped: 0, problemCount: 0, failure: null, createdAt: '2026-11-27T10:00:00.000Z', finishedAt: null, ...over });

function setup(final: Partial<TOrderImport>) {
  signInAs({ ability: OWNER_RULES, role: 'client_owner' });
  const uploads: { query: Record<string, string>; body: string; type: string | null }[] = [];
  mockApi(
    contractHandler('ordersOutlets', { method: 'POST', path: ORDERS_API.outlets, body: z.object({}).strict(), response: ZOrdersOutlets }, () => ({
      data: [{ id: OUTLET, name: 'Paradise, Gachibowli', city: 'Hyderabad', brandName: 'Paradise', currency: null, orders: 0, firstDay: null, lastDay: null, canImport: true }],
    })),
    contractHandler('importList', { method: 'POST', path: ORDERS_API.importList, body: z.object({ outletId: z.string() }), response: ZOrderImportList }, () => ({ data: [] })),
    http.post(ORDERS_API.imports, async ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      // The query the server would accept (contract), and the file as the body.
      ZOrderImportQuery.parse(query);
      uploads.push({ query, body: await request.text(), type: request.headers.get('content-type') });
      return HttpResponse.json(imp({}), { status: 202 });
    }),
    http.get(ORDERS_API.importStatus, () => HttpResponse.json(imp(final))),
  );
  renderWithProviders(<OrderImportPage />, { path: '/apps/business-overview/order-import', rules: OWNER_RULES });
  return { uploads, user: userEvent.setup() };
}

const CSV = 'Ticket,When,Dish,Qty,Price,Platform\nA-1,2019-05-03 19:05,Masala Dosa,2,120.50,Swiggy\n';

describe('OrderImportPage', () => {
  it('maps the columns of a generic file from its header, uploads it as text/csv and follows the job to its end', async () => {
    const { uploads, user } = setup({ status: 'imported', progress: 1, rowsRead: 1, ordersImported: 1, linesImported: 1 });
    await screen.findByTestId('import-outlet');
    await user.click(screen.getByRole('radio', { name: 'Other CSV, with a column mapping' }));
    await user.upload(screen.getByTestId('import-file'), new File([CSV], 'pos.csv', { type: 'text/csv' }));
    const mapping = await screen.findByTestId('import-mapping');
    // Guessed from the header names.
    expect(within(mapping).getByTestId('mapping-order_id')).toHaveValue('Ticket');
    expect(within(mapping).getByTestId('mapping-quantity')).toHaveValue('Qty');
    expect(within(mapping).getByTestId('mapping-unit_price')).toHaveValue('Price');
    expect(within(mapping).getByTestId('mapping-channel')).toHaveValue('Platform');
    await user.clear(screen.getByTestId('mapping-currency'));
    await user.type(screen.getByTestId('mapping-currency'), 'inr');
    await user.click(screen.getByTestId('import-start'));
    expect(await screen.findByTestId('import-done')).toHaveTextContent('1 new orders with 1 lines saved');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.type).toBe('text/csv');
    // jsdom's XMLHttpRequest hands a File body to MSW as no text; the bytes sent are checked end to end (e2e/orders.spec.ts).
    expect(uploads[0]!.query).toMatchObject({ outletId: OUTLET, shape: 'generic', currency: 'INR', fileName: 'pos.csv' });
    expect(JSON.parse(uploads[0]!.query.mapping!)).toEqual({ order_id: 'Ticket', ordered_at: 'When', item_name: 'Dish', quantity: 'Qty', unit_price: 'Price', channel: 'Platform' });
    expect(screen.getByTestId('import-job-progress')).toHaveAttribute('aria-valuenow', '100');
    // Typing into six fields is slow on a loaded 2-core machine.
  }, 45_000);

  it('shows a rejected file with its problem count and the report download', async () => {
    const { user } = setup({ status: 'rejected', progress: 1, rowsRead: 8, problemCount: 7 });
    await screen.findByTestId('import-outlet');
    await user.upload(screen.getByTestId('import-file'), new File(['outlet_id,order_id\n'], 'bad.csv', { type: 'text/csv' }));
    await waitFor(() => expect(screen.getByTestId('import-start')).toBeEnabled());
    await user.click(screen.getByTestId('import-start'));
    const rejected = await screen.findByTestId('import-rejected');
    expect(rejected).toHaveTextContent('The file has 7 problems, so nothing was imported.');
    expect(within(rejected).getByTestId('import-report')).toHaveTextContent('Download the report');
  });
});
