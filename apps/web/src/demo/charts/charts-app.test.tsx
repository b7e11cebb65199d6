/**
 * The charts section: the page draws its six recharts cards, each a named
 * image; a series switches off and on again from its toggle button and from its legend entry;
 * the texts follow the UI language; unknown paths land on the page.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders, urlOf } from '../../testing/render.tsx';
import ChartsApp from './charts-app.tsx';

beforeAll(() => i18n.loadNamespaces(['demo', 'demo-charts']));

const KINDS = ['line', 'bar', 'area', 'pie', 'radar', 'scatter'];

describe('charts (/charts/recharts)', () => {
  it('draws the six charts as named images', async () => {
    renderWithProviders(<ChartsApp />, { path: '/charts/recharts' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Charts' })).toBeInTheDocument();
    expect(document.title).toBe('Charts · DineDesk');
    for (const kind of KINDS) {
      const chart = screen.getByTestId(`chart-${kind}`);
      expect(chart).toHaveAttribute('role', 'img');
      await waitFor(() => expect(chart.querySelector('svg.recharts-surface')).not.toBeNull());
    }
    expect(screen.getByRole('img', { name: /Line chart of covers per day this week: 827 at lunch and 1,219 at dinner/ })).toBeInTheDocument();
    for (const name of ['Covers by day', 'Revenue by channel', 'Orders by hour', 'Dish mix', 'Guest scores', 'Covers and average bill']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
  });

  it('switches a series off and on with its button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ChartsApp />, { path: '/charts/recharts' });
    const card = await screen.findByTestId('chart-card-line');
    const chart = within(card).getByTestId('chart-line');
    await waitFor(() => expect(chart.querySelectorAll('.recharts-line')).toHaveLength(2));
    const dinner = within(card).getByRole('button', { name: 'Dinner' });
    expect(dinner).toHaveAttribute('aria-pressed', 'true');

    await user.click(dinner);
    expect(dinner).toHaveAttribute('aria-pressed', 'false');
    expect(chart).toHaveAttribute('data-hidden-series', 'dinner');
    await waitFor(() => expect(chart.querySelectorAll('.recharts-line')).toHaveLength(1));

    await user.click(dinner);
    expect(dinner).toHaveAttribute('aria-pressed', 'true');
    expect(chart).toHaveAttribute('data-hidden-series', '');
    await waitFor(() => expect(chart.querySelectorAll('.recharts-line')).toHaveLength(2));
  });

  it('switches a series from its legend entry', async () => {
    renderWithProviders(<ChartsApp />, { path: '/charts/recharts' });
    const card = await screen.findByTestId('chart-card-bar');
    const chart = within(card).getByTestId('chart-bar');
    const entry = await waitFor(() => {
      const found = [...chart.querySelectorAll<HTMLElement>('.recharts-legend-item')].find((item) => item.textContent === 'Delivery');
      expect(found).toBeDefined();
      return found as HTMLElement;
    });
    fireEvent.click(entry);
    expect(within(card).getByRole('button', { name: 'Delivery' })).toHaveAttribute('aria-pressed', 'false');
    expect(chart).toHaveAttribute('data-hidden-series', 'delivery');
  });

  it('speaks the UI language', async () => {
    await i18n.changeLanguage('fr');
    await i18n.loadNamespaces(['demo', 'demo-charts']);
    renderWithProviders(<ChartsApp />, { path: '/charts/recharts' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Graphiques' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Répartition des plats' })).toBeInTheDocument();
    expect(within(screen.getByTestId('chart-card-line')).getByRole('button', { name: 'Dîner' })).toBeInTheDocument();
  });

  it('sends an unknown path of the section to the page', async () => {
    const { location } = renderWithProviders(<ChartsApp />, { path: '/charts/apex' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Charts' })).toBeInTheDocument();
    expect(urlOf(location)).toBe('/charts/recharts');
  });
});
