import { REPORTING_API } from '@dinedesk/contracts/reporting';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OWNER_RULES, signInAs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { setViewportWidth } from '../../../testing/viewport.ts';
import { AMUL, BEYOND, DHABA, LONDON, outletTimingsBackend } from '../testing/outlet-timings-backend.ts';
import { OutletTimingsPage } from './outlet-timings-page.tsx';

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

function setup(opts: Parameters<typeof outletTimingsBackend>[0] = {}) {
  setViewportWidth(1440);
  signInAs({ ability: OWNER_RULES, role: 'client_owner' });
  const backend = outletTimingsBackend(opts);
  const view = renderWithProviders(<OutletTimingsPage />, { path: '/apps/reporting/outlet-timings', rules: OWNER_RULES });
  return { backend, ...view };
}

describe('Outlet timings', () => {
  it('lists every outlet with its timings text and the week as a table of days × openings', async () => {
    const { backend } = setup();
    expect(await screen.findByTestId('outlet-timings')).toBeInTheDocument();
    expect(backend.callsTo(REPORTING_API.outletTimings, 'POST')[0]!.body).toEqual({});
    expect(screen.getByRole('heading', { level: 1, name: 'Outlet timings' })).toBeInTheDocument();
    expect(screen.getByTestId(`timings-${BEYOND}`)).toHaveTextContent('12noon to 3:30pm, 6:30pm to 11:30pm (Mon-Sun)');
    const week = screen.getByTestId(`week-${BEYOND}`);
    expect(within(week).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Day', 'Opening 1', 'Opening 2']);
    expect(rowsOf(week)[0]).toEqual(['Monday', '12:00 – 15:30', '18:30 – 23:30']);
    expect(rowsOf(week)).toHaveLength(7);
    expect(within(week).getByRole('rowheader', { name: 'Sunday' })).toBeInTheDocument();
    // Closed days and overnight openings.
    expect(rowsOf(screen.getByTestId(`week-${AMUL}`)).slice(0, 2)).toEqual([
      ['Monday', '13:00 – 02:00 (next day)'],
      ['Tuesday', 'Closed'],
    ]);
    expect(screen.getByRole('region', { name: 'Weekly schedule of Amul, Gachibowli' })).toBeInTheDocument();
  });

  it('says when timings could not be read, with the reason, and shows no invented week', async () => {
    setup();
    const unparsed = await screen.findByTestId(`unparsed-${DHABA}`);
    expect(unparsed).toHaveTextContent('Could not read these timings; a person needs to fix them');
    expect(unparsed).toHaveTextContent('Why: does not say whether Sun is open');
    expect(screen.queryByTestId(`week-${DHABA}`)).not.toBeInTheDocument();
    expect(screen.getByTestId(`no-timings-${LONDON}`)).toHaveTextContent('No timings on record for this outlet');
  });

  it('shows the downtime log of an outlet with orders, and says what it means', async () => {
    setup();
    const log = await screen.findByTestId(`downtime-${BEYOND}`);
    expect(within(log).getByRole('heading', { name: 'Recorded online status (from orders)' })).toBeInTheDocument();
    expect(log).toHaveTextContent('Mon, Mar 4, 2019 to Sun, Mar 31, 2019: 3 days with orders, 7 orders.');
    expect(log).toHaveTextContent('7.5 of 25.5 scheduled hours');
    expect(log).toHaveTextContent('No source records when the outlet was actually online');
    expect(screen.getByTestId(`downtime-notes-${BEYOND}`)).toHaveTextContent('25 scheduled days had no order at all');
    expect(screen.getByTestId(`downtime-notes-${BEYOND}`)).toHaveTextContent('1 order was placed outside the scheduled hours');
    expect(rowsOf(screen.getByTestId(`downtime-table-${BEYOND}`))).toEqual([
      ['Sat, Mar 30, 2019', '18:30', '23:30', '5'],
      ['Sun, Mar 31, 2019', '12:40', '15:10', '2.5'],
    ]);
    // Outlets without orders say why there is no log.
    expect(screen.getByTestId(`outlet-${AMUL}`)).toHaveTextContent('No orders imported for this outlet');
    expect(screen.queryByTestId(`downtime-${AMUL}`)).not.toBeInTheDocument();
  });

  it('says when there is no outlet to show', async () => {
    setup({ outlets: [] });
    expect(await screen.findByTestId('outlet-timings-empty')).toHaveTextContent('You do not see any outlet yet');
  });

  it('shows a failed call as its message with a retry', async () => {
    setup({ error: 500 });
    expect(await screen.findByText('The database is not answering')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
