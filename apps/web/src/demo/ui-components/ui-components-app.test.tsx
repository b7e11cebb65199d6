/**
 * The Components section: every page renders under its title, and the main controls
 * work: an alert is dismissed and shown again, a modal opens, books and closes with Esc, a
 * dropdown opens and selects, pagination changes page, tabs switch panels, the order timeline
 * steps on, a toast shows and closes, badges count, pills toggle and delete, a popover opens
 * and closes with Esc, progress moves. (The carousel's sliding needs a real layout: e2e.)
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders, urlOf } from '../../testing/render.tsx';
import { setViewportWidth } from '../../testing/viewport.ts';
import { DEMO_PAGES } from '../routes.ts';
import { PAGE_SIZE, REVIEWS } from './pages/navigation-pages.tsx';
import UiComponentsApp, { COMPONENT_PAGES } from './ui-components-app.tsx';

beforeAll(async () => {
  // The carousel (embla) reads media queries and watches its slides with Intersection and
  // Resize observers, none of which jsdom has.
  setViewportWidth(1280);
  vi.stubGlobal('IntersectionObserver', InertObserver);
  vi.stubGlobal('ResizeObserver', InertObserver);
  await i18n.loadNamespaces(['demo', 'demo-ui-components']);
});
afterAll(() => vi.unstubAllGlobals());

/** An observer that never reports (enough for embla to start in jsdom). */
class InertObserver {
  observe = () => undefined;
  unobserve = () => undefined;
  disconnect = () => undefined;
  takeRecords = () => [];
}

const open = (path: string) => renderWithProviders(<UiComponentsApp />, { path });

describe('Components', () => {
  it('has a page for every link of the section, each under its title', async () => {
    const links = DEMO_PAGES.filter((page) => page.section === 'components');
    expect(links.map((page) => page.link.replace('/components/', '')).sort()).toEqual(Object.keys(COMPONENT_PAGES).sort());
    for (const page of links) {
      const { unmount } = open(page.link);
      const title = i18n.t(`demo:pages.${page.target}`);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(document.title).toBe(`${title} · DineDesk`);
      unmount();
    }
  }, 60_000);

  it('alerts: dismisses an alert and shows it again', async () => {
    const user = userEvent.setup();
    open('/components/alerts');
    const block = await screen.findByTestId('alerts-dismissible');
    await user.click(within(block).getByRole('button', { name: 'Close' }));
    await user.click(await within(block).findByTestId('alerts-show'));
    expect(within(block).getByTestId('alerts-closable')).toBeVisible();
  });

  it('modals: books a table in a dialog, and Esc closes one', async () => {
    const user = userEvent.setup();
    open('/components/modals');
    await user.click(await screen.findByTestId('modals-open-booking'));
    const dialog = await screen.findByRole('dialog', { name: 'Book a table' });
    await user.type(within(dialog).getByLabelText('Name'), 'Ana');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('modals-result')).toHaveTextContent('Table booked for Ana, 2 guests.');
    await user.click(screen.getByRole('button', { name: 'Read the menu' }));
    expect(await screen.findByRole('dialog', { name: 'The full menu' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Read the menu' })).toHaveFocus();
  });

  it('dropdowns: opens the menu and selects a table', async () => {
    const user = userEvent.setup();
    open('/components/dropdowns');
    await user.click(await screen.findByTestId('dropdowns-table'));
    await user.click(await screen.findByRole('menuitem', { name: 'Terrace' }));
    expect(screen.getByTestId('dropdowns-chosen')).toHaveTextContent('Chosen: Terrace');
    expect(screen.getByTestId('dropdowns-table')).toHaveTextContent('Terrace');
  });

  it('pagination: changes page', async () => {
    const user = userEvent.setup();
    open('/components/pagination');
    const list = await screen.findByTestId('pagination-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(PAGE_SIZE);
    await user.click(within(screen.getByTestId('pagination')).getByRole('button', { name: 'Go to page 2' }));
    expect(screen.getByTestId('pagination-status')).toHaveTextContent(`Page 2 of ${Math.ceil(REVIEWS.length / PAGE_SIZE)}`);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(`#${PAGE_SIZE + 1}`);
  });

  it('tabs: switches the panel by click and arrow key', async () => {
    const user = userEvent.setup();
    open('/components/tabs');
    const block = await screen.findByTestId('tabs-basic');
    await user.click(within(block).getByRole('tab', { name: 'Mains' }));
    expect(within(block).getByTestId('tabs-panel')).toHaveTextContent('Mushroom risotto');
    await user.keyboard('{ArrowRight}');
    expect(within(block).getByRole('tab', { name: 'Desserts' })).toHaveFocus();
  });

  it('timeline: steps the order on', async () => {
    const user = userEvent.setup();
    open('/components/timeline');
    expect(await screen.findByTestId('timeline-status')).toHaveTextContent('Now: Accepted by the kitchen');
    await user.click(screen.getByTestId('timeline-next'));
    expect(screen.getByTestId('timeline-status')).toHaveTextContent('Now: Being prepared');
  });

  it('toasts: shows a toast and closes it', async () => {
    const user = userEvent.setup();
    open('/components/toasts');
    await user.click(await screen.findByTestId('toast-error'));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('The printer in the kitchen is not answering.');
    await user.click(within(toast).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('toast')).not.toBeInTheDocument());
  });

  it('badges, pills and progress: counters, toggles and deletes', async () => {
    const user = userEvent.setup();
    const { unmount } = open('/components/badges');
    await user.click(await screen.findByRole('button', { name: 'Add an item' }));
    expect(screen.getByTestId('badges-cart')).toHaveTextContent('4');
    unmount();

    const pills = open('/components/pills');
    await user.click(await screen.findByTestId('pill-vegan'));
    expect(screen.getByTestId('pill-vegan')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('pills-active')).toHaveTextContent('2 filters on');
    await user.click(within(screen.getByTestId('tag-wifi')).getByTestId('CancelIcon'));
    expect(screen.queryByTestId('tag-wifi')).not.toBeInTheDocument();
    pills.unmount();

    open('/components/progress');
    await user.click(await screen.findByRole('button', { name: '+10 %' }));
    expect(screen.getByTestId('progress-bar')).toHaveAttribute('aria-valuenow', '50');
  });

  it('popovers: opens on click and closes with Esc', async () => {
    const user = userEvent.setup();
    open('/components/popovers');
    await user.click(await screen.findByTestId('popovers-open'));
    expect(await screen.findByTestId('popovers-content')).toHaveTextContent('Gluten, milk and eggs');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('popovers-content')).not.toBeInTheDocument());
  });

  it('sends an unknown path to the alerts page', async () => {
    const { location } = open('/components/nope');
    await screen.findByTestId('components-alerts');
    expect(urlOf(location)).toBe('/components/alerts');
  });
});
