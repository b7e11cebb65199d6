import { ADS_API } from '@dinedesk/contracts/ads';
import type { TAbilityRule } from '@dinedesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OWNER_RULES, signInAs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { setViewportWidth } from '../../../testing/viewport.ts';
import { adsBackend, IMPORT_ID, LONDON_1, NO_ADS, type AdsBackendOptions } from '../testing/ads-backend.ts';
import { AdsProPage } from './ads-pro-page.tsx';

const VIEWER_RULES: TAbilityRule[] = [{ action: 'read', subject: 'DigitalMarketing' }];
const PATH = '/apps/digital-marketing/ads-pro';

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

function setup(opts: AdsBackendOptions = {}, { path = PATH, rules = OWNER_RULES }: { path?: string; rules?: TAbilityRule[] } = {}) {
  setViewportWidth(1440);
  signInAs({ ability: rules, role: rules === OWNER_RULES ? 'client_owner' : 'viewer' });
  const backend = adsBackend({ canImport: rules === OWNER_RULES, ...opts });
  const view = renderWithProviders(<AdsProPage />, { path, rules });
  return { backend, user: userEvent.setup(), ...view };
}

describe('Ads pro', () => {
  it('says the attribution is an estimate and shows the KPIs, the daily table and the campaigns of the outlet with ads', async () => {
    const { backend } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ads pro' })).toBeInTheDocument();
    // The notice is there before the figures arrive, and stays.
    expect(screen.getByTestId('ads-estimate')).toHaveTextContent('Orders are attributed by day and outlet: an estimate');
    expect(screen.getByTestId('ads-estimate')).toHaveTextContent('shared among the campaigns that ran that day, in proportion to their clicks');
    expect(await screen.findByTestId('ads-figures')).toBeInTheDocument();
    expect(backend.callsTo(ADS_API.outlets, 'POST')[0]!.body).toEqual({});
    // No period asked: the server's default (the last 28 days with ad data).
    expect(backend.callsTo(ADS_API.performance, 'POST')[0]!.body).toEqual({ outletId: LONDON_1 });
    expect(screen.getByTestId('ads-period')).toHaveTextContent('May 4, 2019 to May 31, 2019 (ad data from May 29, 2019 to May 31, 2019)');
    // 2 days without ads (10 and 12 orders) against 3 with (15, 20, 25).
    expect(screen.getByTestId('ads-comparison')).toHaveTextContent('on the 3 days with ads the outlet had 20 orders a day, on the 2 days without ads 11 a day');
    expect(screen.queryByTestId('ads-orders-uncovered')).not.toBeInTheDocument();

    expect(screen.getByTestId('ads-kpi-spend')).toHaveTextContent('£50.00');
    expect(screen.getByTestId('ads-kpi-impressions')).toHaveTextContent('11,000');
    expect(screen.getByTestId('ads-kpi-clicks')).toHaveTextContent('130');
    expect(screen.getByTestId('ads-kpi-ctr')).toHaveTextContent('1.18%');
    expect(screen.getByTestId('ads-kpi-orders')).toHaveTextContent('60Estimate, by day and outlet');
    expect(screen.getByTestId('ads-kpi-cost-per-order')).toHaveTextContent('£0.83');
    expect(screen.getByTestId('ads-kpi-return')).toHaveTextContent('30.0×');
    expect(screen.getByTestId('ads-kpi-return')).toHaveTextContent('Estimate: £1,500.00 of attributed sales');

    // 30 May: 20 orders shared by clicks, 40 to Curry night and 10 to Lunch deal.
    expect(rowsOf(screen.getByTestId('ads-campaigns'))).toEqual([
      ['Curry night', '3', '£42.50', '9,500', '120', '1.26%', '56', '£0.76', '32.94×'],
      ['Lunch deal', '1', '£7.50', '1,500', '10', '0.67%', '4', '£1.88', '13.33×'],
    ]);
    // Every day of the period; before 27 May the outlet has no order data.
    const daily = rowsOf(screen.getByTestId('ads-daily-table'));
    expect(daily).toHaveLength(28);
    expect(daily[0]).toEqual(['May 4, 2019', '£0.00', '0', '—', '0']);
    expect(daily.slice(-5)).toEqual([
      ['May 27, 2019', '£0.00', '0', '10', '0'],
      ['May 28, 2019', '£0.00', '0', '12', '0'],
      ['May 29, 2019', '£10.00', '30', '15', '15'],
      ['May 30, 2019', '£20.00', '50', '20', '20'],
      ['May 31, 2019', '£20.00', '50', '25', '25'],
    ]);
    expect(screen.getByRole('img', { name: /^Chart of spend, all orders and attributed orders over 28 days/ })).toBeInTheDocument();
    // The owner may import: the panel with the CSV shape, the currency of the outlet's ads.
    expect(screen.getByTestId('ads-import-help')).toHaveTextContent('campaign, date, spend, impressions, clicks');
    expect(screen.getByTestId('ads-currency')).toHaveValue('GBP');
    expect(await screen.findByTestId('ads-import-history-empty')).toBeInTheDocument();
  });

  it('puts the period in the URL and asks for it; refuses a period that ends before it starts', async () => {
    const { backend, user, location } = setup();
    await screen.findByTestId('ads-figures');
    await user.type(screen.getByTestId('ads-from'), '2019-05-30');
    await user.type(screen.getByTestId('ads-to'), '2019-05-29');
    expect(screen.getByTestId('ads-apply')).toBeDisabled();
    expect(screen.getByText('The period must not end before it starts')).toBeInTheDocument();
    await user.clear(screen.getByTestId('ads-to'));
    await user.type(screen.getByTestId('ads-to'), '2019-05-31');
    await user.click(screen.getByTestId('ads-apply'));
    await screen.findByText(/^May 30, 2019 to May 31, 2019/);
    expect(location.current?.search).toContain('from=2019-05-30');
    expect(backend.callsTo(ADS_API.performance, 'POST').at(-1)!.body).toEqual({ outletId: LONDON_1, from: '2019-05-30', to: '2019-05-31' });
    // Only days with ads in that period: nothing to compare with.
    expect(screen.getByTestId('ads-comparison')).toHaveTextContent('There is no comparison with days without ads');
  });

  it('warns when some ad days have no order data', async () => {
    setup({ rows: { [LONDON_1]: [{ campaign: 'Early bird', date: '2019-05-20', spend: 5, impressions: 100, clicks: 5 }, { campaign: 'Early bird', date: '2019-05-29', spend: 5, impressions: 100, clicks: 5 }] } });
    expect(await screen.findByTestId('ads-orders-uncovered')).toHaveTextContent("Some days with ad spend are outside the outlet's order data");
    expect(screen.getByRole('link', { name: 'Import orders' })).toHaveAttribute('href', `/apps/business-overview/order-import?outlet=${LONDON_1}`);
  });

  it('shows an outlet without ad data as empty, pointing to the import, with the orders currency prefilled', async () => {
    setup({}, { path: `${PATH}?outlet=${NO_ADS}` });
    const empty = await screen.findByTestId('ads-empty');
    expect(empty).toHaveTextContent('Takeaway 2, London (real orders 2018–19) has no ad data yet');
    expect(empty).toHaveTextContent('Import an ads export below');
    expect(screen.getByTestId('ads-estimate')).toBeVisible();
    expect(screen.queryByTestId('ads-comparison')).not.toBeInTheDocument();
    expect(screen.getByTestId('ads-currency')).toHaveValue('GBP');
  });

  it('shows a failed read in plain words, and Retry reads again', async () => {
    const { backend, user } = setup({ failPerformance: 1 });
    expect(await screen.findByText('The ads figures could not be read')).toBeInTheDocument();
    expect(screen.getByTestId('ads-estimate')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('ads-campaigns')).toBeInTheDocument();
    expect(backend.callsTo(ADS_API.performance, 'POST')).toHaveLength(2);
  });

  it('imports a file: uploads it as text/csv, follows the job to imported, and shows the new figures', async () => {
    const rows = [
      { campaign: 'Launch', date: '2019-05-27', spend: 8, impressions: 800, clicks: 16 },
      { campaign: 'Launch', date: '2019-05-28', spend: 12, impressions: 1200, clicks: 24 },
    ];
    const { backend, user } = setup({ nextImport: { rows } }, { path: `${PATH}?outlet=${NO_ADS}` });
    await screen.findByTestId('ads-empty');
    expect(screen.getByTestId('ads-import-start')).toBeDisabled();
    await user.upload(screen.getByTestId('ads-file'), new File(['campaign,date,spend,impressions,clicks\nLaunch,2019-05-27,8.00,800,16\n'], 'ads.csv', { type: 'text/csv' }));
    expect(screen.getByTestId('ads-file-name')).toHaveTextContent('ads.csv');
    await user.clear(screen.getByTestId('ads-currency'));
    await user.type(screen.getByTestId('ads-currency'), 'g1b');
    // Letters only, upper case; two letters are not a currency.
    expect(screen.getByTestId('ads-currency')).toHaveValue('GB');
    expect(screen.getByTestId('ads-import-start')).toBeDisabled();
    await user.type(screen.getByTestId('ads-currency'), 'p');
    await user.click(screen.getByTestId('ads-import-start'));

    const done = await screen.findByTestId('ads-import-done', {}, { timeout: 6000 });
    expect(done).toHaveTextContent('Imported: 2 new campaign days and 0 updated, spend in GBP.');
    expect(screen.getByTestId('ads-import-progress')).toHaveAttribute('aria-valuenow', '100');
    const upload = backend.callsTo(ADS_API.imports, 'POST')[0]!;
    expect(Object.fromEntries(upload.query)).toEqual({ outletId: NO_ADS, currency: 'GBP', fileName: 'ads.csv' });
    expect(upload.headers.get('content-type')).toBe('text/csv');
    // Polled: queued → validating → imported.
    expect(backend.statusCalls()).toBeGreaterThanOrEqual(2);
    expect(backend.calls.some((c) => c.path === ADS_API.importStatus.replace(':importId', IMPORT_ID))).toBe(true);

    // The figures are read again: the outlet now has ads.
    const campaigns = await screen.findByTestId('ads-campaigns');
    expect(rowsOf(campaigns)[0]!.slice(0, 3)).toEqual(['Launch', '2', '£20.00']);
    expect(screen.getByTestId('ads-kpi-orders')).toHaveTextContent('10');
    expect(screen.queryByTestId('ads-empty')).not.toBeInTheDocument();
    expect(rowsOf(await screen.findByTestId('ads-import-history'))[0]!.slice(0, 7)).toEqual(['ads.csv', expect.any(String), 'Imported', 'GBP', '2', '0', '0']);
  }, 30_000);

  it('shows a rejected file with its problem count and downloads the report', async () => {
    const { backend, user } = setup({ nextImport: { problems: 3 } });
    await screen.findByTestId('ads-figures');
    await user.upload(screen.getByTestId('ads-file'), new File(['campaign,date,spend,impressions,clicks\nX,2019-05-01,1.00,5,9\n'], 'bad.csv', { type: 'text/csv' }));
    await user.click(screen.getByTestId('ads-import-start'));
    const rejected = await screen.findByTestId('ads-import-rejected', {}, { timeout: 6000 });
    expect(rejected).toHaveTextContent('The file has 3 problems, so nothing was imported.');

    const created = vi.fn((_blob: Blob) => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(within(rejected).getByTestId('ads-import-report'));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(backend.callsTo(ADS_API.importReport.replace(':importId', IMPORT_ID), 'GET')).toHaveLength(1);
    expect(await created.mock.calls[0]![0].text()).toContain('clicks must be at most impressions');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('bad-report.csv');
    // Nothing imported: the figures are those of before.
    expect(screen.getByTestId('ads-kpi-spend')).toHaveTextContent('£50.00');
  }, 30_000);

  it('shows the server’s refusal of an upload in its words', async () => {
    const { user } = setup({ refuseUpload: 'currency must be a three-letter ISO 4217 code such as GBP' });
    await screen.findByTestId('ads-figures');
    await user.upload(screen.getByTestId('ads-file'), new File(['campaign,date,spend,impressions,clicks\n'], 'ads.csv', { type: 'text/csv' }));
    await user.click(screen.getByTestId('ads-import-start'));
    expect(await screen.findByTestId('ads-upload-error')).toHaveTextContent('currency must be a three-letter ISO 4217 code such as GBP');
    expect(screen.queryByTestId('ads-import-status')).not.toBeInTheDocument();
  });

  it('shows a viewer the figures and the notice, without the import', async () => {
    const { backend } = setup({}, { rules: VIEWER_RULES });
    expect(await screen.findByTestId('ads-campaigns')).toBeInTheDocument();
    expect(screen.getByTestId('ads-estimate')).toBeInTheDocument();
    expect(screen.queryByTestId('ads-import')).not.toBeInTheDocument();
    expect(screen.queryByTestId('ads-file')).not.toBeInTheDocument();
    expect(backend.callsTo(ADS_API.importList, 'POST')).toHaveLength(0);
  });

  it('tells a viewer of an outlet without ads to ask an owner', async () => {
    setup({}, { rules: VIEWER_RULES, path: `${PATH}?outlet=${NO_ADS}` });
    expect(await screen.findByTestId('ads-empty')).toHaveTextContent('An owner of the outlet can import its ads export here.');
  });
});
