/**
 * Global search and bookmarks against the real demo handlers through `msw/node`
 * (docs/requirements/routes.md, calls.md and constants.md): grouping and the limit of 4 per group,
 * the user's own screens filtered by ability, navigation on Enter, the keyboard shortcut, and
 * bookmark toggling that reaches the mock.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { searchableScreens } from '../../../layout/navigation.ts';
import { buildAbility } from '../../../lib/ability.ts';
import { handle } from '../../../testing/contract-handlers.ts';
import { OWNER_RULES, pageFixture, reviewFixture, signInAs } from '../../../testing/fixtures.ts';
import { renderApp, renderWithProviders } from '../../../testing/render.tsx';
import { setViewportWidth } from '../../../testing/viewport.ts';
import { setupDemoServer } from '../../mock/node.ts';
import { createSearchDb } from '../data.ts';
import { createSearchHandlers } from '../handlers.ts';
import { SEARCH_API, ZBookmarksResponse } from '../schema.ts';
import { Bookmarks } from './bookmarks.tsx';
import { GlobalSearch } from './global-search.tsx';
import type { ProductSearchPage } from './search-options.ts';

const server = setupDemoServer(() => createSearchHandlers(createSearchDb()));

/** Requests the handlers saw, as "METHOD /path" plus the JSON body. */
function recordRequests() {
  const seen: { route: string; body: unknown }[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const route = `${request.method} ${url.pathname}`;
    if (request.method === 'GET') seen.push({ route, body: undefined });
    else void request.clone().json().then((body: unknown) => seen.push({ route, body }));
  });
  return seen;
}

function productPages(rules = OWNER_RULES): ProductSearchPage[] {
  return searchableScreens(buildAbility(rules)).map((item) => ({
    id: item.id,
    title: item.id === 'reviews' ? 'Reviews' : item.id,
    link: item.navLink ?? '/',
    icon: item.icon,
  }));
}

async function openSearch() {
  const user = userEvent.setup();
  await user.click(screen.getByTestId('search-toggle'));
  const input = await screen.findByTestId('search-input');
  return { user, input };
}

const titlesIn = (group: HTMLElement) => within(group).getAllByTestId('search-result').map((el) => el.textContent ?? '');

describe('global search (groups, at most 4 each)', () => {
  it('groups Pages, Files and Contacts and shows at most 4 of each', async () => {
    renderWithProviders(<GlobalSearch productPages={[]} />);
    const { user, input } = await openSearch();

    // "e" matches dozens of pages, most files and most contacts.
    await user.type(input, 'e');
    const results = await screen.findByTestId('search-results');
    await waitFor(() => expect(within(results).getByTestId('search-group-contacts')).toBeInTheDocument());

    const groups = within(results).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('data-testid'))).toEqual([
      'search-group-pages',
      'search-group-files',
      'search-group-contacts',
    ]);
    expect(within(results).getByRole('group', { name: 'Pages' })).toBeInTheDocument();
    expect(within(results).getByRole('group', { name: 'Files' })).toBeInTheDocument();
    expect(within(results).getByRole('group', { name: 'Contacts' })).toBeInTheDocument();
    for (const group of groups) expect(within(group).getAllByTestId('search-result')).toHaveLength(4);
  });

  it('shows file sizes and contact dates in the UI language', async () => {
    renderWithProviders(<GlobalSearch productPages={[]} />);
    const { user, input } = await openSearch();
    await user.type(input, 'john');
    const contacts = await screen.findByTestId('search-group-contacts');
    expect(titlesIn(contacts)).toEqual([expect.stringContaining('John Doe')]);
    expect(within(contacts).getByText('May 21, 2019')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'parenting');
    expect(within(await screen.findByTestId('search-group-files')).getByText('2.3 MB · by Alfred Pennyworth')).toBeInTheDocument();
  });

  it('offers the user’s own screens (filtered by ability) and opens a page with Enter', async () => {
    const { location } = renderWithProviders(
      <GlobalSearch productPages={productPages([{ action: 'read', subject: 'Review' }])} />,
    );
    const { user, input } = await openSearch();

    await user.type(input, 'com');
    const pages = await screen.findByTestId('search-group-pages');
    // "complaints" is not among the screens a Review reader may open.
    expect(titlesIn(pages).some((text) => text.includes('complaints'))).toBe(false);

    await user.clear(input);
    await user.type(input, 'Review');
    expect(titlesIn(await screen.findByTestId('search-group-pages'))[0]).toContain('Reviews');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location.current?.pathname).toBe('/apps/reviews_and_complaints/reviews'));
    await waitFor(() => expect(screen.queryByTestId('search-input')).not.toBeInTheDocument());
  });

  it('opens with Ctrl+K and with "/", and closes with Escape', async () => {
    renderWithProviders(<GlobalSearch productPages={[]} />);
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByTestId('search-input')).toHaveFocus();
    await user.type(screen.getByTestId('search-input'), 'cal');
    await screen.findByTestId('search-results');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('search-input')).not.toBeInTheDocument());

    await user.keyboard('/');
    expect(await screen.findByTestId('search-input')).toBeInTheDocument();
  });

  it('translates demo page titles and finds them in the chosen language', async () => {
    const { default: i18n } = await import('../../../lib/i18n.ts');
    const { changeLanguage } = await import('../../../lib/i18n.ts');
    await changeLanguage('de');
    renderWithProviders(<GlobalSearch productPages={[]} />);
    const { user, input } = await openSearch();
    await user.type(input, 'Kalender');
    expect(titlesIn(await screen.findByTestId('search-group-pages'))).toEqual(['Kalender']);
    expect(screen.getByRole('group', { name: 'Seiten' })).toBeInTheDocument();
    expect(i18n.language).toBe('de');
  });

  it('says so when nothing matches', async () => {
    renderWithProviders(<GlobalSearch productPages={[]} />);
    const { user, input } = await openSearch();
    await user.type(input, 'qqqq');
    expect(await screen.findByRole('status')).toHaveTextContent('No results for “qqqq”.');
  });
});

describe('bookmarks (only Calendar at first; POST /api/bookmarks/update {id})', () => {
  it('shows Calendar as the only bookmark at first', async () => {
    renderWithProviders(<Bookmarks />);
    const links = await screen.findByTestId('bookmark-links');
    await waitFor(() => expect(within(links).getAllByRole('link')).toHaveLength(1));
    expect(within(links).getByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/apps/calendar');
  });

  it('toggles a bookmark with its star, in the navbar and in the mock', async () => {
    const requests = recordRequests();
    renderWithProviders(<Bookmarks />);
    const user = userEvent.setup();
    await within(await screen.findByTestId('bookmark-links')).findByRole('link', { name: 'Calendar' });

    await user.click(screen.getByTestId('bookmarks-menu'));
    const dialog = await screen.findByRole('dialog', { name: 'Bookmark pages' });
    await user.type(within(dialog).getByTestId('bookmarks-filter'), 'email');
    const suggestions = within(dialog).getAllByTestId('bookmark-suggestion');
    expect(suggestions).toHaveLength(1);
    const star = within(dialog).getByRole('button', { name: 'Add Email to bookmarks' });
    expect(star).toHaveAttribute('aria-pressed', 'false');

    await user.click(star);

    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Remove Email from bookmarks' })).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(requests).toContainEqual({ route: `POST ${SEARCH_API.updateBookmark}`, body: { id: 3 } }));
    const links = screen.getByTestId('bookmark-links');
    expect(within(links).getByRole('link', { name: 'Email', hidden: true })).toHaveAttribute('href', '/apps/email');

    // The mock's in-memory data changed too.
    const stored = ZBookmarksResponse.parse(await (await fetch(SEARCH_API.bookmarks)).json());
    expect(stored.bookmarks.map((page) => page.target)).toEqual(['email', 'calendar']);

    // And back off again.
    await user.click(within(dialog).getByRole('button', { name: 'Remove Email from bookmarks' }));
    await waitFor(() => expect(within(links).queryByRole('link', { name: 'Email', hidden: true })).not.toBeInTheDocument());
  });

  it('rolls the star back when the mock refuses the update', async () => {
    server.use(http.post(SEARCH_API.updateBookmark, () => HttpResponse.json({ message: 'nope' }, { status: 500 })));
    renderWithProviders(<Bookmarks />);
    const user = userEvent.setup();
    await within(await screen.findByTestId('bookmark-links')).findByRole('link', { name: 'Calendar' });
    await user.click(screen.getByTestId('bookmarks-menu'));
    const dialog = await screen.findByRole('dialog', { name: 'Bookmark pages' });
    await user.type(within(dialog).getByTestId('bookmarks-filter'), 'calendar');

    await user.click(within(dialog).getByRole('button', { name: 'Remove Calendar from bookmarks' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The bookmark could not be saved.');
    expect(within(dialog).getByRole('button', { name: 'Remove Calendar from bookmarks' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('in the app', () => {
  it('the navbar searches the screens the user may open and the mock’s data', async () => {
    setViewportWidth(1280);
    server.use(
      handle.fbPages(() => ({ data: [pageFixture()] })),
      handle.getReviews(() => ({ data: [reviewFixture()], paging: { nextCursor: null } })),
    );
    signInAs({ role: 'agent', ability: [{ action: 'read', subject: 'Review' }, { action: 'read', subject: 'Reporting' }] });
    const { location } = renderApp('/apps/reviews_and_complaints/reviews');
    const user = userEvent.setup();

    expect(await within(await screen.findByTestId('bookmark-links')).findByRole('link', { name: 'Calendar' })).toBeInTheDocument();
    await user.click(screen.getByTestId('search-toggle'));
    await user.type(await screen.findByTestId('search-input'), 'live');
    const pages = await screen.findByTestId('search-group-pages');
    expect(titlesIn(pages)[0]).toContain('Live menu');

    await user.clear(screen.getByTestId('search-input'));
    await user.type(screen.getByTestId('search-input'), 'tickets');
    // Tickets needs `read Ticket`, which this agent lacks: no match at all.
    expect(await screen.findByRole('status')).toHaveTextContent('No results');

    await user.clear(screen.getByTestId('search-input'));
    await user.type(screen.getByTestId('search-input'), 'leaflet');
    await user.click(within(await screen.findByTestId('search-group-pages')).getByText('Leaflet Maps'));
    await waitFor(() => expect(location.current?.pathname).toBe('/maps/leaflet'));
    // The showcase's map page, inside the shell.
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaflet Maps' })).toBeInTheDocument();
    expect(screen.getByTestId('app-shell')).toBeInTheDocument();
  });
});
