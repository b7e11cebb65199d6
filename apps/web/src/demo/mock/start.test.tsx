/**
 * The demo mock is started by use, never by a product screen (docs/requirements/quality-goals.md#web:
 * the demo mock and its data are never in the initial load; docs/decisions/0018-web-delivery.md). The
 * worker module is replaced by a spy, and the page is given a `navigator.serviceWorker`, so
 * "started" means "MSW's chunk was imported and its worker asked to start".
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handle } from '../../testing/contract-handlers.ts';
import { pageFixture, reviewFixture, signInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render.tsx';
import { setViewportWidth } from '../../testing/viewport.ts';
import { setupDemoServer } from './node.ts';

const startWorker = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('./browser.ts', () => ({ startWorker }));

const server = setupDemoServer();

beforeEach(() => {
  Object.defineProperty(window.navigator, 'serviceWorker', { value: {}, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(window.navigator, 'serviceWorker');
});

describe('the demo mock starts only when something demo is used', () => {
  it('a product screen shows the default bookmark without starting it; the search button starts it', async () => {
    setViewportWidth(1280);
    server.use(
      handle.fbPages(() => ({ data: [pageFixture()] })),
      handle.getReviews(() => ({ data: [reviewFixture()], paging: { nextCursor: null } })),
    );
    signInAs();
    renderApp('/apps/reviews_and_complaints/reviews');

    // The navbar's bookmark links render after idle, from the template's defaults.
    const links = await screen.findByTestId('bookmark-links');
    expect(await within(links).findByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/apps/calendar');
    expect(await screen.findAllByTestId('review-item')).not.toHaveLength(0);
    expect(startWorker).not.toHaveBeenCalled();

    await userEvent.setup().hover(screen.getByTestId('search-toggle'));
    await waitFor(() => expect(startWorker).toHaveBeenCalledTimes(1));

    // Started once per page: opening the bookmarks afterwards reuses it.
    await userEvent.setup().click(screen.getByTestId('bookmarks-menu'));
    expect(await screen.findByRole('dialog', { name: 'Bookmark pages' })).toBeInTheDocument();
    expect(startWorker).toHaveBeenCalledTimes(1);
  });
});
