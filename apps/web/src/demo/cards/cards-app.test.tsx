/**
 * The Cards section: each page renders under its title and its control works: a dish
 * is ordered and saved, the chef followed and the checklist ticked, the statistics switch
 * period, the analytics series toggle off and on, and the action cards collapse, refresh (with a
 * loading state) and are removed and restored; an unknown path goes to the basic cards.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders, urlOf } from '../../testing/render.tsx';
import CardsApp from './cards-app.tsx';
import { REFRESH_MS } from './pages/action-cards.tsx';

beforeAll(() => i18n.loadNamespaces(['demo', 'demo-cards']));
afterEach(() => vi.useRealTimers());

describe('Cards', () => {
  it('basic: orders a dish and saves it to favourites', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CardsApp />, { path: '/cards/basic' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Basic Cards' })).toBeInTheDocument();
    const favourite = screen.getByRole('button', { name: 'Save to favourites' });
    await user.click(favourite);
    expect(favourite).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('card-dish-status')).toHaveTextContent('Saved to favourites');
    await user.click(screen.getByTestId('card-dish-order'));
    await user.click(screen.getByTestId('card-dish-order'));
    expect(screen.getByTestId('card-dish-status')).toHaveTextContent('2 ordered');
  });

  it('advanced: follows the chef and ticks the checklist', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CardsApp />, { path: '/cards/advance' });
    const follow = await screen.findByTestId('card-profile-follow');
    await user.click(follow);
    expect(follow).toHaveTextContent('Following');
    expect(within(screen.getByTestId('card-profile')).getByText('1,241')).toBeInTheDocument();
    expect(screen.getByTestId('checklist-count')).toHaveTextContent('1 of 5 done');
    await user.click(screen.getByRole('checkbox', { name: 'Turn on the music' }));
    expect(screen.getByTestId('checklist-count')).toHaveTextContent('2 of 5 done');
  });

  it('statistics: switches the period', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CardsApp />, { path: '/cards/statistics' });
    const covers = await screen.findByTestId('stat-covers');
    expect(within(covers).getByTestId('stat-value')).toHaveTextContent('1,284');
    await user.click(screen.getByRole('button', { name: 'This month' }));
    expect(within(covers).getByTestId('stat-value')).toHaveTextContent('5,420');
    expect(screen.getByRole('img', { name: /^Table bookings: 310, 342/ })).toBeInTheDocument();
  });

  it('analytics: toggles a revenue series off and on', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CardsApp />, { path: '/cards/analytics' });
    const total = await screen.findByTestId('revenue-total');
    expect(total).toHaveTextContent('€37,010');
    await user.click(screen.getByTestId('series-delivery'));
    expect(screen.getByTestId('series-delivery')).toHaveAttribute('aria-pressed', 'false');
    expect(total).toHaveTextContent('€27,460');
    await user.click(screen.getByTestId('series-delivery'));
    expect(total).toHaveTextContent('€37,010');
  });

  it('actions: collapses, refreshes with a loading state, removes and restores', async () => {
    renderWithProviders(<CardsApp />, { path: '/cards/action' });
    const card = await screen.findByTestId('action-card-kitchen');
    const collapse = within(card).getByRole('button', { name: 'Collapse' });
    fireEvent.click(collapse);
    expect(within(card).getByRole('button', { name: 'Expand' })).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(within(card).getByRole('button', { name: 'Expand' }));

    vi.useFakeTimers();
    fireEvent.click(within(card).getByRole('button', { name: 'Refresh' }));
    expect(card).toHaveAttribute('aria-busy', 'true');
    expect(within(card).getByRole('progressbar', { name: 'Refreshing Kitchen queue' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(REFRESH_MS));
    expect(card).not.toHaveAttribute('aria-busy');
    expect(within(card).getByTestId('action-value')).toHaveTextContent('4');
    expect(within(card).getByTestId('action-refreshed')).toHaveTextContent('Refreshed once');
    vi.useRealTimers();

    fireEvent.click(within(card).getByRole('button', { name: 'Remove card' }));
    expect(screen.queryByTestId('action-card-kitchen')).not.toBeInTheDocument();
    expect(screen.getByTestId('action-count')).toHaveTextContent('3 cards shown');
    fireEvent.click(screen.getByTestId('action-restore'));
    expect(screen.getByTestId('action-card-kitchen')).toBeInTheDocument();
  });

  it('sends an unknown path to the basic cards', async () => {
    const { location } = renderWithProviders(<CardsApp />, { path: '/cards/nope' });
    await screen.findByTestId('cards-basic');
    expect(urlOf(location)).toBe('/cards/basic');
  });
});
