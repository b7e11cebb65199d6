import type { TAbilityRule } from '@dinedesk/contracts';
import { COMPETITORS_API } from '@dinedesk/contracts/competitors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OWNER_RULES, signInAs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { setViewportWidth } from '../../../testing/viewport.ts';
import { BAWARCHI_OUTLET, competitorFixture, competitorsBackend, PARADISE_OUTLET, PLACES, type CompetitorsBackendData } from '../testing/competitors-backend.ts';
import { CompetitorsPage } from './competitors-page.tsx';

const PATH = '/apps/reviews_and_complaints/competitor-analysis';
/** A viewer: reads the analysis, chooses nothing. */
const VIEWER_RULES: TAbilityRule[] = ['Review', 'CompetitorAnalysis'].map((subject) => ({ action: 'read', subject }));

function setup(data: CompetitorsBackendData = { competitors: {} }, { search = '', rules = OWNER_RULES }: { search?: string; rules?: TAbilityRule[] } = {}) {
  setViewportWidth(1440);
  signInAs({ ability: rules, role: rules === OWNER_RULES ? 'client_owner' : 'viewer' });
  const backend = competitorsBackend(data);
  const view = renderWithProviders(<CompetitorsPage />, { path: `${PATH}${search}`, rules });
  return { backend, ...view, user: userEvent.setup() };
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('CompetitorsPage', () => {
  it('shows the first outlet’s competitors, the grid table with the outlet highlighted, trends and themes', async () => {
    const { backend } = setup({ competitors: { [PARADISE_OUTLET]: [competitorFixture(PLACES[0]!), competitorFixture(PLACES[1]!, 'none')] } });
    const list = await screen.findByTestId('competitor-list');
    expect(within(list).getAllByTestId('competitor-item').map((i) => i.getAttribute('data-place-id'))).toEqual([PLACES[0]!.placeId, PLACES[1]!.placeId]);
    expect(backend.callsTo(COMPETITORS_API.list, 'POST')[0]!.body).toEqual({ outletId: PARADISE_OUTLET });
    expect(screen.getByRole('heading', { name: 'Competitors (2 of 5)' })).toBeInTheDocument();
    // The global restaurant has no history in the source, and says so.
    expect(within(list).getByTestId('competitor-no-history')).toHaveTextContent('No review history in the source');
    const table = screen.getByRole('table', { name: 'Rating and review volume' });
    expect(rowsOf(table)).toEqual([
      ['Paradise, Gachibowli (This outlet)', '4.1', '87'],
      ['13 Dhaba', '3.5', '98'],
      ['Le Petit Souffle', '4.8', '314'],
    ]);
    expect(screen.getByRole('img', { name: /Scatter chart of rating against number of ratings for 3 restaurants/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Line chart of the average rating per month, 3 months.' })).toBeInTheDocument();
    const cards = screen.getAllByTestId('theme-card');
    expect(cards.map((c) => c.getAttribute('data-key'))).toEqual(['outlet', PLACES[0]!.placeId]);
    expect(within(cards[0]!).getByText('tasty biryani (4)')).toBeInTheDocument();
    expect(within(cards[0]!).getByText(/Score \+0\.42 · 12 mentions/)).toBeInTheDocument();
    expect(within(cards[0]!).getAllByText('Not mentioned')).toHaveLength(4);
  });

  it('adds a competitor through the Places search and shows it at once', async () => {
    const { backend, user } = setup();
    expect(await screen.findByTestId('competitors-empty')).toHaveTextContent('Add up to 5 restaurants');
    await user.click(screen.getByTestId('add-competitor'));
    const dialog = await screen.findByTestId('add-competitor-dialog');
    await user.type(within(dialog).getByTestId('competitor-city'), 'Makati');
    await user.type(within(dialog).getByTestId('competitor-search'), 'Souf');
    const options = await screen.findAllByTestId('competitor-option');
    expect(options.map((o) => o.getAttribute('data-place-id'))).toEqual([PLACES[1]!.placeId, PLACES[2]!.placeId]);
    expect(options[1]).toHaveTextContent('Not rated');
    await waitFor(() => expect(backend.callsTo(COMPETITORS_API.search, 'POST').at(-1)!.body).toEqual({ outletId: PARADISE_OUTLET, query: 'Souf', city: 'Makati' }));
    await user.click(options[0]!);
    await user.click(within(dialog).getByTestId('add-competitor-submit'));
    await waitFor(() => expect(screen.queryByTestId('add-competitor-dialog')).not.toBeInTheDocument());
    expect(backend.callsTo(COMPETITORS_API.add, 'POST')[0]!.body).toEqual({ outletId: PARADISE_OUTLET, placeId: PLACES[1]!.placeId });
    expect(within(screen.getByTestId('competitor-list')).getByText('Le Petit Souffle')).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'Rating and review volume' }))[1]).toEqual(['Le Petit Souffle', '4.8', '314']);
  });

  it('removes a competitor', async () => {
    const { backend, user } = setup({ competitors: { [PARADISE_OUTLET]: [competitorFixture(PLACES[0]!)] } });
    await user.click(await screen.findByRole('button', { name: 'Remove 13 Dhaba' }));
    expect(await screen.findByTestId('competitors-empty')).toBeInTheDocument();
    expect(backend.callsTo(COMPETITORS_API.remove, 'POST')[0]!.body).toEqual({ outletId: PARADISE_OUTLET, placeId: PLACES[0]!.placeId });
  });

  it('opens the outlet named in the URL, and switching outlets puts it there', async () => {
    const { backend, location, user } = setup({ competitors: {} }, { search: `?outlet=${BAWARCHI_OUTLET}` });
    await screen.findByTestId('competitors-empty');
    expect(backend.callsTo(COMPETITORS_API.list, 'POST')[0]!.body).toEqual({ outletId: BAWARCHI_OUTLET });
    await user.click(screen.getByRole('combobox', { name: 'Outlet' }));
    await user.click(await screen.findByRole('option', { name: 'Paradise, Gachibowli' }));
    await waitFor(() => expect(new URLSearchParams(location.current?.search).get('outlet')).toBe(PARADISE_OUTLET));
    await waitFor(() => expect(backend.callsTo(COMPETITORS_API.list, 'POST').at(-1)!.body).toEqual({ outletId: PARADISE_OUTLET }));
  });

  it('lets a viewer read but not choose', async () => {
    setup({ competitors: { [PARADISE_OUTLET]: [competitorFixture(PLACES[0]!)] } }, { rules: VIEWER_RULES });
    await screen.findByTestId('competitor-list');
    expect(screen.queryByTestId('add-competitor')).not.toBeInTheDocument();
    expect(screen.queryByTestId('remove-competitor')).not.toBeInTheDocument();
  });

  it('says why an empty list is empty to a viewer', async () => {
    setup({ competitors: {} }, { rules: VIEWER_RULES });
    expect(await screen.findByTestId('competitors-empty')).toHaveTextContent('Owners and brand managers choose the competitors');
  });

  it('shows the error with Retry when the analysis cannot be loaded', async () => {
    setup({ competitors: {}, listError: 503 });
    const error = await screen.findByTestId('competitors-error');
    expect(error).toHaveTextContent('The analysis could not be loaded');
    expect(within(error).getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });
});
