/**
 * The UI-elements section: each page renders under its title and its control works:
 * the typography sample follows what is typed, the colour filter narrows the swatches to one
 * shade (with hex values), the icon search filters by name and choosing an icon shows its import
 * line; an unknown path goes to typography.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders, urlOf } from '../../testing/render.tsx';
import { ICON_CATALOGUE } from './components/icon-catalogue.ts';
import { toHex } from './pages/colors-page.tsx';
import UiElementsApp from './ui-elements-app.tsx';

beforeAll(() => i18n.loadNamespaces(['demo', 'demo-ui-elements']));

describe('UI elements', () => {
  it('shows every typography variant with the typed sample', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UiElementsApp />, { path: '/ui-element/typography' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Typography' })).toBeInTheDocument();
    expect(document.title).toBe('Typography · DineDesk');
    const input = screen.getByTestId('typography-sample');
    await user.clear(input);
    await user.type(input, 'Oysters on ice');
    expect(screen.getByTestId('typography-h1')).toHaveTextContent('Oysters on ice');
    expect(screen.getByTestId('typography-caption')).toHaveTextContent('Oysters on ice');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('filters the palette to one shade and prints hex values', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UiElementsApp />, { path: '/colors' });
    const palette = await screen.findByTestId('colors-palette');
    expect(within(palette).getAllByRole('listitem')).toHaveLength(18);
    await user.click(screen.getByRole('button', { name: 'Dark' }));
    expect(within(palette).getAllByRole('listitem')).toHaveLength(6);
    expect(within(screen.getByTestId('swatch-primary.dark')).getByTestId('swatch-hex').textContent).toMatch(/^#[0-9A-F]{6}$/);
    expect(screen.getByTestId('colors-skin')).toHaveTextContent('Light skin');
    expect(toHex('rgb(255, 0, 128)')).toBe('#FF0080');
  });

  it('searches the icons and shows the import line of the chosen one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UiElementsApp />, { path: '/icons/reactfeather' });
    const grid = await screen.findByTestId('icons-grid');
    expect(within(grid).getAllByRole('button')).toHaveLength(ICON_CATALOGUE.length);
    await user.type(screen.getByTestId('icons-search'), 'pizza');
    expect(within(grid).getAllByRole('button')).toHaveLength(1);
    expect(screen.getByTestId('icons-count')).toHaveTextContent('1 icon');
    await user.click(screen.getByTestId('icon-LocalPizza'));
    expect(screen.getByTestId('icons-import')).toHaveTextContent("import LocalPizzaIcon from '@mui/icons-material/LocalPizza';");
    await user.clear(screen.getByTestId('icons-search'));
    await user.type(screen.getByTestId('icons-search'), 'zzz');
    expect(screen.getByTestId('icons-empty')).toBeInTheDocument();
  });

  it('sends an unknown path to typography', async () => {
    const { location } = renderWithProviders(<UiElementsApp />, { path: '/ui-element/nope' });
    await screen.findByTestId('ui-typography');
    expect(urlOf(location)).toBe('/ui-element/typography');
  });
});
