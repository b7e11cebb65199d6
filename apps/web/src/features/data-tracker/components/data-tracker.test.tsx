import { DATA_TRACKER_API } from '@dinedesk/contracts/data-tracker';
import type { TAbilityRule } from '@dinedesk/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { OWNER_RULES, signInAs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { setViewportWidth } from '../../../testing/viewport.ts';
import { BEYOND, DEATH, LONDON, dataTrackerBackend, fixtureRows } from '../testing/data-tracker-backend.ts';
import { DataTrackerPage } from './data-tracker-page.tsx';

const READER_RULES: TAbilityRule[] = [{ action: 'read', subject: 'Reporting' }];

function setup(opts: Parameters<typeof dataTrackerBackend>[0] = {}, rules = OWNER_RULES) {
  setViewportWidth(1440);
  signInAs({ ability: rules, role: rules === OWNER_RULES ? 'client_owner' : 'viewer' });
  const backend = dataTrackerBackend(opts);
  const view = renderWithProviders(<DataTrackerPage />, { path: '/apps/reporting/data-tracker', rules });
  return { backend, user: userEvent.setup(), ...view };
}

describe('Data tracker', () => {
  it('shows per outlet its four sources with status, failure, next sync, connection, 7-day counts and job', async () => {
    const { backend } = setup();
    expect(await screen.findByTestId('data-tracker')).toBeInTheDocument();
    expect(backend.callsTo(DATA_TRACKER_API.dataTracker, 'POST')[0]!.body).toEqual({});
    expect(screen.getByRole('heading', { level: 1, name: 'Data tracker' })).toBeInTheDocument();
    const beyond = screen.getByRole('region', { name: 'Sources of Beyond Flavours, Gachibowli' });
    expect(within(beyond).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['FacebookBeyond FlavoursDemo data moved forward by 392 weeks', 'GoogleBeyond Flavours Gachibowli', 'Instagram@beyondflavours', 'Orders']);
    // The demo's clock (decision 0006) says how far it moved each row's demo data.
    expect(screen.getByTestId(`demo-shift-${BEYOND}-facebook`)).toHaveTextContent('Demo data moved forward by 392 weeks');
    expect(screen.getByTestId(`demo-shift-${LONDON}-orders`)).toHaveTextContent('Demo data moved forward by 1 week');
    expect(screen.queryByTestId(`demo-shift-${BEYOND}-google`)).not.toBeInTheDocument();
    expect(screen.getByTestId(`state-${BEYOND}-facebook`)).toHaveTextContent('Up to date');
    expect(screen.getByTestId(`state-${BEYOND}-google`)).toHaveTextContent('Failing');
    expect(screen.getByTestId(`error-${BEYOND}-google`)).toHaveTextContent('Google did not answer (503). DineDesk tries again.');
    const google = screen.getByTestId(`row-${BEYOND}-google`);
    expect(google).toHaveTextContent('Google review sync');
    expect(google).toHaveTextContent('Retrying');
    expect(google).toHaveTextContent('Attempt 3 of 6');
    expect(screen.getByTestId(`row-${BEYOND}-facebook`)).toHaveTextContent(/in 2 hours/);
    expect(screen.getByTestId(`row-${BEYOND}-facebook`)).toHaveTextContent(/5 minutes ago/);
    const instagram = screen.getByTestId(`row-${BEYOND}-instagram`);
    expect(instagram).toHaveTextContent('Expiring');
    expect(instagram).toHaveTextContent('When the insights are opened, from');
    const counts = within(screen.getByTestId(`row-${BEYOND}-facebook`)).getByRole('list', { name: 'Facebook: new rows per day' });
    expect(within(counts).getAllByRole('listitem')).toHaveLength(7);
    expect(within(counts).getAllByRole('listitem')[6]).toHaveAccessibleName('Sat, Nov 28: 4 new');
    expect(counts.parentElement).toHaveTextContent(/^10$/);
    expect(screen.getByTestId(`state-${LONDON}-google`)).toHaveTextContent('Not connected');
    const orders = screen.getByTestId(`row-${LONDON}-orders`);
    expect(orders).toHaveTextContent('london-takeaway-1.csv');
    expect(orders).toHaveTextContent('When a file is imported');
    expect(orders).toHaveTextContent('5,290');
    expect(within(orders).getByRole('link', { name: 'Import orders' })).toHaveAttribute('href', '/apps/business-overview/order-import');
    expect(within(orders).queryByRole('button', { name: /Sync/ })).not.toBeInTheDocument();
    expect(screen.getByText(/UTC days, oldest first/)).toBeInTheDocument();
  });

  it('shows the Graph version Facebook answered on and, once Facebook no longer offers reviews, since when (in the reader’s language)', async () => {
    const rows = fixtureRows().map((r) =>
      r.outletId === BEYOND && r.source === 'facebook' ? { ...r, graphVersion: 'v22.0', reviewsEnded: { since: '2027-01-21T06:00:00.000Z', graphVersion: 'v22.0' } } : r,
    );
    setup({ rows });
    expect(await screen.findByTestId(`graph-version-${BEYOND}-facebook`)).toHaveTextContent('Graph API v22.0');
    expect(screen.getByTestId(`state-${BEYOND}-facebook`)).toHaveTextContent('Up to date');
    expect(screen.getByTestId(`reviews-ended-${BEYOND}-facebook`)).toHaveTextContent(
      `Facebook no longer offers reviews to apps since ${formatDate('2027-01-21T06:00:00.000Z', 'en')} (Graph API v22.0). Stored reviews stay; messages still sync.`,
    );
    expect(screen.queryByTestId(`reviews-ended-${BEYOND}-google`)).not.toBeInTheDocument();
    await act(() => changeLanguage('fr'));
    try {
      expect(screen.getByTestId(`reviews-ended-${BEYOND}-facebook`)).toHaveTextContent(`Facebook ne propose plus les avis aux applications depuis le ${formatDate('2027-01-21T06:00:00.000Z', 'fr')}`);
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('queues a sync and shows the row fail with the refusal in plain words when Facebook killed the token', async () => {
    const { backend, user } = setup({ dieOnSync: true });
    await user.click(await screen.findByRole('button', { name: 'Sync Facebook of Beyond Flavours, Gachibowli now' }));
    expect(backend.callsTo(DATA_TRACKER_API.sync, 'POST')[0]!.body).toEqual({ outletId: BEYOND, source: 'facebook' });
    expect(await screen.findByTestId('sync-notice')).toHaveTextContent('Facebook of Beyond Flavours, Gachibowli: sync queued.');
    const row = screen.getByTestId(`row-${BEYOND}-facebook`);
    expect(within(row).getByText('Queued')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Sync Facebook/ })).toBeDisabled();
    backend.finishJobs();
    // The screen polls every 3 s while a job is under way.
    expect(await within(row).findByText(DEATH, {}, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByTestId(`state-${BEYOND}-facebook`)).toHaveTextContent('Failing');
    expect(row).toHaveTextContent('Refused');
    expect(row).toHaveTextContent('After a reconnect');
    expect(within(row).getByRole('link', { name: 'Reconnect' })).toHaveAttribute('href', '/apps/reviews_and_reputation/facebook');
    expect(within(row).queryByRole('button', { name: /Sync Facebook/ })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a sync in its words', async () => {
    const { user } = setup({ refuseSync: true });
    await user.click(await screen.findByRole('button', { name: 'Sync Facebook of Beyond Flavours, Gachibowli now' }));
    expect(await screen.findByTestId('sync-notice')).toHaveTextContent(DEATH);
  });

  it('offers no sync and no reconnect to a reader without those rights', async () => {
    setup({ rows: fixtureRows(false).map((r) => (r.source === 'facebook' ? { ...r, state: 'failing', token: { health: 'dead', expiresAt: null }, error: DEATH } : r)) }, READER_RULES);
    await screen.findByTestId('data-tracker');
    expect(screen.queryByRole('button', { name: /^Sync / })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reconnect' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import orders' })).not.toBeInTheDocument();
    expect(screen.getByTestId(`error-${BEYOND}-facebook`)).toHaveTextContent(DEATH);
  });

  it('has error and empty states', async () => {
    const first = setup({ error: 500 });
    expect(await screen.findByText('The database is not answering')).toBeInTheDocument();
    first.unmount();
    setup({ rows: [] });
    expect(await screen.findByTestId('data-tracker-empty')).toHaveTextContent('You do not see any outlet yet');
  });
});
