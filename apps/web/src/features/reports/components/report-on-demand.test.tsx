import { REPORTS_API } from '@dinedesk/contracts/reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handle } from '../../../testing/contract-handlers.ts';
import { mockApi } from '../../../testing/api-server.ts';
import { OWNER_RULES, signInAs, userDataFixture } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { setViewportWidth } from '../../../testing/viewport.ts';
import { OWNER_EMAIL, reportsBackend } from '../testing/reports-backend.ts';
import { ReportOnDemandPage } from './report-on-demand-page.tsx';

afterEach(() => vi.restoreAllMocks());

function setup(opts: Parameters<typeof reportsBackend>[0] = {}) {
  setViewportWidth(1440);
  signInAs({ ability: OWNER_RULES, role: 'client_owner' });
  mockApi(
    handle.clientDetails(() => ({
      message: 'OK' as const,
      client: { id: 'c-1', key: 'spice-route', name: 'Spice Route Hospitality', brands: [{ id: 'b-1', name: 'Paradise', outlets: [{ id: '0b7e5d3c-1a2b-4c3d-8e4f-00000000aa01', name: 'Paradise, Gachibowli', city: 'Hyderabad' }] }] },
      userData: userDataFixture(),
    })),
  );
  const backend = reportsBackend(opts);
  const view = renderWithProviders(<ReportOnDemandPage />, { path: '/apps/reporting/report-on-demand', rules: OWNER_RULES });
  return { backend, user: userEvent.setup(), ...view };
}

describe('Report on demand', () => {
  it('queues a report of the chosen metrics, shows its progress, and downloads it when ready', async () => {
    const { backend, user } = setup();
    expect(await screen.findByTestId('report-runs-empty')).toHaveTextContent('No report in the last 7 days');
    await user.type(screen.getByTestId('report-title'), 'Monthly review');
    await user.click(screen.getByRole('checkbox', { name: 'Item mix' }));
    await user.click(screen.getByRole('radio', { name: 'XLSX' }));
    await user.click(screen.getByTestId('report-generate'));
    expect(backend.callsTo(REPORTS_API.run, 'POST')[0]!.body).toEqual({
      spec: { metrics: ['ratings', 'response', 'orders', 'sales', 'item_mix'], outletIds: [], period: { kind: 'last_days', days: 30 }, comparison: 'previous_period' },
      format: 'xlsx',
      title: 'Monthly review',
    });
    expect(await screen.findByTestId('report-notice')).toHaveTextContent('Your report is being generated.');
    const runs = await screen.findByTestId('report-runs');
    expect(within(runs).getByText('Monthly review')).toBeInTheDocument();
    expect(within(runs).getByText('Waiting to start')).toBeInTheDocument();
    backend.advance();
    expect(await within(runs).findByText('Generating', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(within(runs).getByRole('progressbar', { name: 'Monthly review: 50% done' })).toHaveAttribute('aria-valuenow', '50');
    backend.advance();
    const download = await within(runs).findByRole('button', { name: 'Download Monthly review.xlsx' }, { timeout: 4000 });
    const created = vi.fn((_blob: Blob) => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(download);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(await created.mock.calls[0]![0].text()).toBe('DineDesk report,Monthly\n');
    expect(screen.getByText('Reports stay here for 7 days.')).toBeInTheDocument();
  });

  it('asks for a metric, an outlet and both dates before calling the server', async () => {
    const { backend, user } = setup();
    await screen.findByTestId('report-runs-empty');
    for (const m of ['Ratings', 'Response rate and time', 'Orders', 'Sales']) await user.click(screen.getByRole('checkbox', { name: m }));
    await user.click(screen.getByRole('checkbox', { name: 'Every outlet I can see' }));
    await user.selectOptions(screen.getByLabelText('Period'), 'range');
    await user.click(screen.getByTestId('report-generate'));
    expect(screen.getByText('Choose at least one metric.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one outlet.')).toBeInTheDocument();
    expect(screen.getByText('Choose both dates, the first not after the second.')).toBeInTheDocument();
    expect(backend.callsTo(REPORTS_API.run, 'POST')).toHaveLength(0);
  });

  it('saves a weekly report mailed to me, runs it now, and loads it back into the form', async () => {
    const { backend, user } = setup();
    await screen.findByTestId('report-definitions-empty');
    await user.click(screen.getByTestId('report-save'));
    expect(screen.getByText('Give the report a name to save it.')).toBeInTheDocument();
    await user.type(screen.getByTestId('report-title'), 'Weekly ratings');
    await user.selectOptions(screen.getByLabelText('Period'), '7');
    await user.selectOptions(screen.getByLabelText('Send by mail'), 'weekly');
    await user.click(screen.getByTestId('report-save'));
    expect(backend.callsTo(REPORTS_API.saveDefinition, 'POST')[0]!.body).toMatchObject({ name: 'Weekly ratings', format: 'pdf', schedule: { frequency: 'weekly' }, spec: { period: { kind: 'last_days', days: 7 } } });
    const saved = await screen.findByTestId('report-definitions');
    expect(within(saved).getByText(`Weekly, mailed to ${OWNER_EMAIL}`)).toBeInTheDocument();
    await user.click(within(saved).getByRole('button', { name: 'Run Weekly ratings now' }));
    await waitFor(() => expect(backend.callsTo(REPORTS_API.run, 'POST')).toHaveLength(1));
    expect(backend.callsTo(REPORTS_API.run, 'POST')[0]!.body).toEqual({ definitionId: expect.any(String) });
    await user.click(screen.getByRole('button', { name: 'New report' }));
    expect(screen.getByTestId('report-title')).toHaveValue('');
    await user.click(within(saved).getByRole('button', { name: 'Edit Weekly ratings' }));
    expect(screen.getByTestId('report-title')).toHaveValue('Weekly ratings');
    expect(screen.getByLabelText('Period')).toHaveValue('7');
    expect(screen.getByRole('heading', { name: 'Edit saved report' })).toBeInTheDocument();
    await user.click(within(saved).getByRole('button', { name: 'Delete Weekly ratings' }));
    expect(await screen.findByTestId('report-definitions-empty')).toBeInTheDocument();
  });

  it('shows the error state of its lists', async () => {
    setup({ error: 500 });
    expect(await screen.findAllByText('The database is not answering')).toHaveLength(2);
  });
});
