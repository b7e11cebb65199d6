import { MENU_API } from '@dinedesk/contracts/menu';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OWNER_RULES, signInAs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { setViewportWidth } from '../../../testing/viewport.ts';
import { EMPTY_OUTLET, NAAN, RICE, TAKEAWAY, menuBackend } from '../testing/menu-backend.ts';
import { AuditHistoryPage } from './audit-history-page.tsx';
import { ItemOffersPage } from './item-offers-page.tsx';
import { LiveMenuPage } from './live-menu-page.tsx';
import { MenuInsightsPage } from './menu-insights-page.tsx';

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

function setup(page: 'live' | 'insights' | 'audit', opts: Parameters<typeof menuBackend>[0] = {}, search = '') {
  setViewportWidth(1440);
  signInAs({ ability: OWNER_RULES, role: 'client_owner' });
  const backend = menuBackend(opts);
  const el = page === 'live' ? <LiveMenuPage /> : page === 'insights' ? <MenuInsightsPage /> : <AuditHistoryPage />;
  const path = page === 'live' ? '/apps/reporting/live-menu' : `/apps/menu-management/${page === 'insights' ? 'insights' : 'audit-history'}`;
  const view = renderWithProviders(el, { path: `${path}${search}`, rules: OWNER_RULES });
  return { backend, user: userEvent.setup(), ...view };
}

describe('Live menu', () => {
  it('lists each item with its price, the price before, the last order and whether it is still ordered', async () => {
    const { backend } = setup('live');
    const table = await screen.findByTestId('live-menu');
    expect(backend.callsTo(MENU_API.liveMenu, 'POST')[0]!.body).toEqual({});
    expect(screen.getByRole('heading', { level: 1, name: 'Live menu' })).toBeInTheDocument();
    expect(rowsOf(table)).toEqual([
      ['Chicken Tikka Masala', '£8.95', '£8.50', 'Aug 3, 2019', '120', 'Still ordered'],
      ['Pilau Rice', '£2.95', '—', 'Aug 3, 2019', '90', 'Still ordered'],
      ['Plain Naan', '£2.60', '—', 'Jul 1, 2019', '0', 'Unavailable'],
    ]);
    expect(screen.getByTestId('live-menu-summary')).toHaveTextContent('2 of 3 items on sale and still ordered.');
    expect(screen.getByTestId('live-menu-as-of')).toHaveTextContent('As of Aug 3, 2019, the outlet\'s last order: an item not ordered in the 14 days before it is marked "not seen".');
  });

  it('follows the outlet picked, in the URL, and says when an outlet has no items', async () => {
    const { backend, user, location } = setup('live');
    await screen.findByTestId('live-menu');
    await user.click(screen.getByRole('combobox', { name: 'Outlet' }));
    await user.click(await screen.findByRole('option', { name: 'Beyond Flavours, Gachibowli' }));
    expect(await screen.findByTestId('live-menu-empty')).toHaveTextContent('No menu items for this outlet yet');
    expect(new URLSearchParams(location.current?.search).get('outlet')).toBe(EMPTY_OUTLET);
    expect(backend.callsTo(MENU_API.liveMenu, 'POST').at(-1)!.body).toEqual({ outletId: EMPTY_OUTLET });
  });

  it('shows a failed call as its message with a retry', async () => {
    setup('live', { error: 500 });
    expect(await screen.findByText('The database is not answering')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('Menu insights', () => {
  it('shows per item figures against the previous period, the movers and the items not ordered', async () => {
    const { backend } = setup('insights', {}, `?outlet=${TAKEAWAY}&from=2019-07-07&to=2019-08-03`);
    const table = await screen.findByTestId('insights-items');
    expect(backend.callsTo(MENU_API.insights, 'POST')[0]!.body).toEqual({ outletId: TAKEAWAY, from: '2019-07-07', to: '2019-08-03' });
    expect(screen.getByTestId('insights-period')).toHaveTextContent('Jul 7, 2019 – Aug 3, 2019, against Jun 9, 2019 – Jul 6, 2019.');
    expect(rowsOf(table)).toEqual([
      ['Chicken Tikka Masala', '120', '100', '+20', '£1,074.00', '£895.00', '80%', '70%'],
      ['Pilau Rice', '90', '130', '-40', '£265.50', '£383.50', '20%', '30%'],
    ]);
    expect(screen.getByTestId('insights-rising')).toHaveTextContent('Chicken Tikka Masala: +20 (100 → 120)');
    expect(screen.getByTestId('insights-falling')).toHaveTextContent('Pilau Rice: -40 (130 → 90)');
    expect(screen.getByTestId('insights-not-ordered')).toHaveTextContent('Plain Naan (last ordered Jul 1, 2019) · Unavailable');
  });

  it('asks for another period through the URL', async () => {
    const { backend, user, location } = setup('insights');
    await screen.findByTestId('insights-items');
    await user.clear(screen.getByTestId('menu-from'));
    await user.type(screen.getByTestId('menu-from'), '2019-06-01');
    await user.click(screen.getByTestId('menu-apply'));
    await waitFor(() => expect(new URLSearchParams(location.current?.search).get('from')).toBe('2019-06-01'));
    await waitFor(() => expect(backend.callsTo(MENU_API.insights, 'POST').at(-1)!.body).toMatchObject({ from: '2019-06-01' }));
  });
});

describe('Audit history and the item editor', () => {
  it('changes a price; the change appears in the history with who, before and after', async () => {
    const { backend, user } = setup('audit');
    const items = await screen.findByTestId('menu-items');
    expect(rowsOf(items)[1]).toEqual(['Pilau Rice', '£2.95 (latest order)', 'Yes', 'From orders', '']);
    expect(await screen.findByTestId('menu-history-empty')).toHaveTextContent('No change recorded yet');
    await user.click(screen.getByRole('button', { name: 'Edit Pilau Rice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Pilau Rice' });
    expect(within(dialog).getByText('Leave empty to use the latest order price, £2.95.')).toBeInTheDocument();
    await user.type(within(dialog).getByTestId('menu-price'), '3.25');
    await user.click(within(dialog).getByTestId('menu-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.callsTo(MENU_API.updateItem, 'POST')[0]!.body).toEqual({ itemId: RICE, version: 0, name: 'Pilau Rice', price: 3.25, available: true });
    const history = await screen.findByTestId('menu-history');
    expect(rowsOf(history)[0]).toEqual(['Nov 27, 2026, 9:30 AM', 'Spice Route Owner', 'Pilau Rice', 'Spice Route Owner changed the price of Pilau Rice from latest order price to £3.25']);
    await waitFor(() => expect(rowsOf(screen.getByTestId('menu-items'))[1]![1]).toBe('£3.25'));
  });

  it('refuses a bad price before calling, and shows the server’s 409 in the dialog', async () => {
    const { backend, user } = setup('audit');
    await screen.findByTestId('menu-items');
    await user.click(screen.getByRole('button', { name: 'Edit Chicken Tikka Masala' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('menu-price'), '1.005');
    await user.click(within(dialog).getByTestId('menu-save'));
    expect(within(dialog).getByText('Enter a price from 0 to 100,000 with at most 2 decimals.')).toBeInTheDocument();
    expect(backend.callsTo(MENU_API.updateItem, 'POST')).toHaveLength(0);
    // A name another item has: the server's 409 names the field.
    await user.clear(within(dialog).getByTestId('menu-price'));
    await user.clear(within(dialog).getByTestId('menu-name'));
    await user.type(within(dialog).getByTestId('menu-name'), 'plain naan');
    await user.click(within(dialog).getByTestId('menu-save'));
    expect(await within(dialog).findByText('The menu already has an item called plain naan')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('adds an item by hand, switched off, and turns an unavailable item back on', async () => {
    const { backend, user } = setup('audit');
    await screen.findByTestId('menu-items');
    await user.click(screen.getByTestId('menu-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add a menu item' });
    await user.type(within(dialog).getByTestId('menu-name'), 'Mango Lassi');
    await user.type(within(dialog).getByTestId('menu-price'), '3,20');
    await user.click(within(dialog).getByTestId('menu-available'));
    await user.click(within(dialog).getByTestId('menu-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.callsTo(MENU_API.createItem, 'POST')[0]!.body).toEqual({ outletId: TAKEAWAY, name: 'Mango Lassi', price: 3.2, available: false });
    expect(await screen.findByText('Added')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Plain Naan' }));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('menu-available'));
    await user.click(within(screen.getByRole('dialog')).getByTestId('menu-save'));
    await waitFor(() => expect(backend.callsTo(MENU_API.updateItem, 'POST')[0]!.body).toMatchObject({ itemId: NAAN, available: true }));
  });

  it('pages older changes by keyset', async () => {
    const { backend, user } = setup('audit', { historyRows: 55 });
    const history = await screen.findByTestId('menu-history');
    expect(rowsOf(history)).toHaveLength(50);
    await user.click(screen.getByTestId('menu-history-more'));
    await waitFor(() => expect(rowsOf(screen.getByTestId('menu-history'))).toHaveLength(55));
    expect(backend.callsTo(MENU_API.history, 'POST').at(-1)!.body).toEqual({ outletId: TAKEAWAY, before: 6 });
    expect(screen.queryByTestId('menu-history-more')).not.toBeInTheDocument();
  });

  it('shows no edit buttons to those who may only read', async () => {
    setup('audit', { canEdit: false });
    await screen.findByTestId('menu-items');
    expect(screen.queryByTestId('menu-add')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
  });
});

describe('Item offer tracker', () => {
  function setupOffers(opts: Parameters<typeof menuBackend>[0] = {}) {
    setViewportWidth(1440);
    signInAs({ ability: OWNER_RULES, role: 'client_owner' });
    const backend = menuBackend(opts);
    renderWithProviders(<ItemOffersPage />, { path: '/apps/reporting/item-offer-tracker', rules: OWNER_RULES });
    return { backend, user: userEvent.setup() };
  }

  it('lists offers with who pays, the expired flag and their effect, and the price changes', async () => {
    setupOffers();
    const offers = await screen.findByTestId('offers');
    expect(rowsOf(offers)).toEqual([['Curry night', 'Chicken Tikka Masala', 'Jul 1, 2019 – Jul 14, 2019', '20% off', 'Shared', 'Expired', '4 → 5 a day over 14 days+25%', '']]);
    expect(screen.getByText(/It shows what changed, not that the offer caused it/)).toBeInTheDocument();
    expect(rowsOf(screen.getByTestId('price-changes'))).toEqual([['Mar 1, 2019', 'Chicken Tikka Masala', '£8.50', '£8.95']]);
  });

  it('sets up an offer after the form refuses bad values, and removes one', async () => {
    const { backend, user } = setupOffers();
    await screen.findByTestId('offers');
    await user.click(screen.getByTestId('offer-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Set up an offer' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Rice week');
    await user.type(within(dialog).getByRole('textbox', { name: 'Percent off' }), '150');
    await user.click(within(dialog).getByTestId('offer-save'));
    expect(within(dialog).getByText('Enter a whole percent from 1 to 100, or a price with at most 2 decimals.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a real date.')).toBeInTheDocument();
    expect(backend.callsTo(MENU_API.createOffer, 'POST')).toHaveLength(0);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Percent off' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Percent off' }), '15');
    await user.type(within(dialog).getByTestId('offer-startsOn'), '2026-12-01');
    await user.type(within(dialog).getByTestId('offer-endsOn'), '2026-12-07');
    await user.click(within(dialog).getByTestId('offer-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.callsTo(MENU_API.createOffer, 'POST')[0]!.body).toEqual({ outletId: TAKEAWAY, itemId: expect.any(String), title: 'Rice week', kind: 'percent_off', value: 15, startsOn: '2026-12-01', endsOn: '2026-12-07', paidBy: 'outlet' });
    expect(await screen.findByText('Rice week')).toBeInTheDocument();
    expect(screen.getAllByText('Scheduled')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Remove Curry night' }));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('offer-delete-confirm'));
    await waitFor(() => expect(screen.queryByText('Curry night')).not.toBeInTheDocument());
    expect(backend.callsTo(MENU_API.deleteOffer, 'POST')[0]!.body).toEqual({ offerId: '0b7e5d3c-1a2b-4c3d-8e4f-00000000e001' });
  });

  it('offers no setting up to those who may only read', async () => {
    setupOffers({ canEdit: false });
    await screen.findByTestId('offers');
    expect(screen.queryByTestId('offer-add')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });
});
