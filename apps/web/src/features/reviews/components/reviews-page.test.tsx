import { API } from '@dinedesk/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../../lib/paths.ts';
import type { TAbilityRule } from '@dinedesk/contracts';
import type { RequestHandler } from 'msw';
import { handle, reply, type MockReply } from '../../../testing/contract-handlers.ts';
import {
  commentFixture,
  OWNER_RULES,
  pageFixture,
  READ_ONLY_RULES,
  REPLY_RULES,
  reviewFixture,
  signInAs,
} from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { setViewportWidth } from '../../../testing/viewport.ts';
import { formatDate } from '../format.ts';
import { reviewsBackend, type ReviewsBackendData } from '../testing/reviews-backend.ts';
import { ReviewsPage } from './reviews-page.tsx';

// The shared socket is a tiny fake the tests drive as the server (reviews:changed, issue #8).
const socketRef = vi.hoisted(() => {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    on(event: string, fn: (payload: unknown) => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(fn));
      return socket;
    },
    off(event: string, fn: (payload: unknown) => void) {
      listeners.get(event)?.delete(fn);
      return socket;
    },
    serverEmit(event: string, payload: unknown) {
      for (const fn of listeners.get(event) ?? []) fn(payload);
    },
  };
  return { socket };
});
vi.mock('../../../lib/socket.ts', () => ({
  getSocket: () => Promise.resolve(socketRef.socket),
  closeSocket: () => {},
}));

const paradise = pageFixture();
const bawarchi = pageFixture({
  id: '1002',
  name: 'Bawarchi Gachibowli',
  outletId: 'o-2',
  outletName: 'Bawarchi, Gachibowli',
  overallStarRating: 3.6,
  ratingCount: 50,
  reviewCount: 20,
  unrepliedCount: 5,
});

const ravi = reviewFixture();
const meena = reviewFixture({
  id: '500002',
  reviewer: { id: 'r-2', name: 'Meena Iyer' },
  rating: 2,
  recommendationType: 'negative',
  text: 'Cold food and a long wait.',
  createdTime: '2025-01-08T12:00:00.000Z',
  replied: true,
  commentCount: 1,
});
const oldReview = reviewFixture({
  id: '500003',
  pageId: '1002',
  outletId: 'o-2',
  outletName: 'Bawarchi, Gachibowli',
  reviewer: { id: 'r-3', name: 'Old Timer' },
  rating: null,
  recommendationType: 'positive',
  text: 'Best haleem in town.',
  storyId: null,
  canReply: false,
  createdTime: '2017-05-01T12:00:00.000Z',
});

interface SetupOptions {
  path?: string;
  rules?: TAbilityRule[];
  /** Handlers replacing the fake backend's, installed before the first render. */
  handlers?: RequestHandler[];
}

function setup(data: Partial<ReviewsBackendData> = {}, { path = PATHS.reviews, rules = OWNER_RULES, handlers = [] }: SetupOptions = {}) {
  const backend = reviewsBackend({ pages: [paradise, bawarchi], reviews: [ravi, meena, oldReview], ...data });
  backend.use(...handlers);
  const view = renderWithProviders(<ReviewsPage />, { path, rules });
  return { backend, ...view, user: userEvent.setup() };
}

const reviewRequests = (backend: ReturnType<typeof reviewsBackend>) => backend.callsTo(API.fbReviews, 'GET');
const lastReviewQuery = (backend: ReturnType<typeof reviewsBackend>) => reviewRequests(backend).at(-1)?.query;

async function reviewItems() {
  const list = await screen.findByTestId('review-list');
  return within(list).findAllByTestId('review-item');
}

describe('ReviewsPage', () => {
  it('lists the reviews and the KPIs from the API', async () => {
    const { backend } = setup();

    const items = await reviewItems();
    expect(items.map((item) => item.getAttribute('data-review-id'))).toEqual(['500001', '500002', '500003']);
    const first = items[0]!;
    expect(within(first).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(within(first).getByText('The biryani was excellent.')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(within(first).getByText(/Paradise, Gachibowli/)).toBeInTheDocument();
    expect(within(items[1]!).getByText('Replied')).toBeInTheDocument();
    expect(within(first).queryByText('Replied')).not.toBeInTheDocument();
    // No stars: Facebook's recommendation is shown instead.
    expect(within(items[2]!).getByText('Recommends')).toBeInTheDocument();

    // All pages: (4.2×100 + 3.6×50) / 150 = 4.0; 150 ratings; 60 stored; 17 unreplied.
    expect(await screen.findByTestId('kpi-average-rating')).toHaveTextContent('4.0');
    expect(screen.getByTestId('kpi-rating-count')).toHaveTextContent('150');
    expect(screen.getByTestId('kpi-review-count')).toHaveTextContent('60');
    expect(screen.getByTestId('kpi-unreplied')).toHaveTextContent('17');

    expect(lastReviewQuery(backend)?.get('limit')).toBe('20');
    expect(lastReviewQuery(backend)?.has('cursor')).toBe(false);
  });

  it('names every filter by its visible label (native selects and a search box)', async () => {
    setup();
    await reviewItems();
    const filters = screen.getByRole('search', { name: 'Filter reviews' });
    expect(within(filters).getByRole('combobox', { name: 'Outlet' })).toBe(screen.getByTestId('filter-page'));
    expect(within(filters).getByRole('combobox', { name: 'Rating' })).toBe(screen.getByTestId('filter-rating'));
    expect(within(filters).getByRole('combobox', { name: 'Replies' })).toBe(screen.getByTestId('filter-replied'));
    expect(within(filters).getByRole('searchbox', { name: 'Search' })).toBe(screen.getByTestId('filter-search'));
    expect(screen.getByTestId('filter-page').tagName).toBe('SELECT');
  });

  it('puts each filter in the URL and in the request', async () => {
    const { backend, location, user } = setup();
    await reviewItems();

    await user.selectOptions(screen.getByTestId('filter-page'), '1001');
    await waitFor(() => expect(location.current?.search).toContain('pageId=1001'));
    await waitFor(() => expect(lastReviewQuery(backend)?.get('pageId')).toBe('1001'));
    // The KPIs follow the selected page.
    expect(await screen.findByTestId('kpi-average-rating')).toHaveTextContent('4.2');
    expect(screen.getByTestId('kpi-unreplied')).toHaveTextContent('12');

    await user.selectOptions(screen.getByTestId('filter-rating'), '2');
    await waitFor(() => expect(lastReviewQuery(backend)?.get('rating')).toBe('2'));
    expect(location.current?.search).toContain('rating=2');
    expect(await reviewItems()).toHaveLength(1);

    await user.selectOptions(screen.getByTestId('filter-replied'), 'true');
    await waitFor(() => expect(lastReviewQuery(backend)?.get('replied')).toBe('true'));
    expect(location.current?.search).toContain('replied=true');

    // Recommendation replaces the star filter (they are one select).
    await user.selectOptions(screen.getByTestId('filter-rating'), 'negative');
    await waitFor(() => expect(lastReviewQuery(backend)?.get('recommendation')).toBe('negative'));
    expect(lastReviewQuery(backend)?.has('rating')).toBe(false);
    const params = new URLSearchParams(location.current?.search);
    expect(Object.fromEntries(params)).toEqual({ pageId: '1001', replied: 'true', recommendation: 'negative' });
  });

  it('debounces the text search by 300 ms before it reaches the URL and the API', async () => {
    const { backend, location, user } = setup();
    await reviewItems();
    const before = reviewRequests(backend).length;

    await user.type(screen.getByTestId('filter-search'), 'haleem');

    // Typing six letters did not fire six requests, and none before the pause.
    expect(reviewRequests(backend).length).toBe(before);
    expect(location.current?.search).not.toContain('q=');
    await waitFor(() => expect(location.current?.search).toContain('q=haleem'));
    await waitFor(() => expect(lastReviewQuery(backend)?.get('q')).toBe('haleem'));
    expect(reviewRequests(backend).filter((r) => r.query.has('q'))).toHaveLength(1);
    const items = await reviewItems();
    await waitFor(() => expect(items[0]).toHaveAttribute('data-review-id', '500003'));
  });

  it('restores the filters from the URL (a reload keeps them)', async () => {
    const { backend } = setup({}, { path: `${PATHS.reviews}?pageId=1002&rating=4&replied=false&q=haleem&bogus=1` });

    await waitFor(() => expect(reviewRequests(backend).length).toBeGreaterThan(0));
    const query = lastReviewQuery(backend);
    expect(query?.get('pageId')).toBe('1002');
    expect(query?.get('rating')).toBe('4');
    expect(query?.get('replied')).toBe('false');
    expect(query?.get('q')).toBe('haleem');
    expect(query?.has('bogus')).toBe(false);
    await waitFor(() => expect(screen.getByTestId('filter-page')).toHaveValue('1002'));
    expect(screen.getByTestId('filter-rating')).toHaveValue('4');
    expect(screen.getByTestId('filter-replied')).toHaveValue('false');
    expect(screen.getByTestId('filter-search')).toHaveValue('haleem');
  });

  it('drops filter values the API would refuse', async () => {
    const { backend } = setup({}, { path: `${PATHS.reviews}?pageId=abc&rating=9&replied=maybe` });
    await waitFor(() => expect(reviewRequests(backend).length).toBeGreaterThan(0));
    expect([...(lastReviewQuery(backend)?.keys() ?? [])]).toEqual(['limit']);
  });

  it('opens a review: the id goes in the URL and its comments are loaded', async () => {
    const { backend, location, user } = setup({
      comments: {
        '500002': [
          commentFixture({ id: 'c1', isPageReply: false, from: { id: 'r-2', name: 'Meena Iyer' }, message: 'Still waiting.' }),
          commentFixture({ id: 'c2', message: 'We are sorry, Meena.', authorName: 'Asha Rao' }),
        ],
      },
    });
    const items = await reviewItems();

    await user.click(within(items[1]!).getByRole('button'));

    const detail = await screen.findByTestId('review-detail');
    expect(location.current?.search).toContain('review=500002');
    expect(within(detail).getByText('Cold food and a long wait.')).toBeInTheDocument();
    const comments = await within(detail).findAllByTestId('comment-item');
    expect(comments).toHaveLength(2);
    expect(comments[0]).toHaveTextContent('Meena Iyer');
    expect(comments[0]).toHaveAttribute('data-page-reply', 'false');
    expect(comments[1]).toHaveTextContent('Page reply by Asha Rao');
    expect(comments[1]).toHaveAttribute('data-page-reply', 'true');
    const call = backend.callsTo(API.fbComments, 'GET').at(-1);
    expect(call?.query.get('pageId')).toBe('1001');
    expect(call?.query.get('reviewId')).toBe('500002');
    expect(within(detail).queryByTestId('comments-cache-notice')).not.toBeInTheDocument();

    await user.click(within(detail).getByRole('button', { name: 'Close review' }));
    await waitFor(() => expect(location.current?.search).not.toContain('review='));
  });

  it('opens the review named in the URL', async () => {
    setup({}, { path: `${PATHS.reviews}?review=500001` });
    const detail = await screen.findByTestId('review-detail');
    expect(await within(detail).findByText('The biryani was excellent.')).toBeInTheDocument();
  });

  it('says when the thread is a stored copy', async () => {
    setup({ commentsSource: 'cache' }, { path: `${PATHS.reviews}?review=500001` });
    expect(await screen.findByTestId('comments-cache-notice')).toHaveTextContent(
      'Facebook is unreachable; showing the stored thread.',
    );
  });

  it('sends a reply and shows it at the end of the thread at once', async () => {
    const { backend, user } = setup(
      { comments: { '500001': [commentFixture({ id: 'c1', isPageReply: false, message: 'Hello?' })] } },
      { path: `${PATHS.reviews}?review=500001`, rules: REPLY_RULES },
    );
    const detail = await screen.findByTestId('review-detail');
    await within(detail).findAllByTestId('comment-item');
    const listRequestsBefore = reviewRequests(backend).length;
    const commentRequestsBefore = backend.callsTo(API.fbComments).length;
    const submit = within(detail).getByTestId('reply-submit');
    expect(submit).toBeDisabled();

    await user.type(within(detail).getByTestId('reply-input'), '  Thank you, Ravi!  ');
    await user.click(submit);

    await waitFor(() => expect(within(detail).getAllByTestId('comment-item')).toHaveLength(2));
    expect(backend.callsTo(API.replyFbReview, 'POST')[0]?.body).toEqual({
      pageId: '1001',
      reviewId: '500001',
      message: 'Thank you, Ravi!',
    });
    const comments = within(detail).getAllByTestId('comment-item');
    expect(comments[1]).toHaveTextContent('Thank you, Ravi!');
    expect(comments[1]).toHaveAttribute('data-page-reply', 'true');
    // The thread came from the mutation's answer, not from a refetch…
    expect(backend.callsTo(API.fbComments).length).toBe(commentRequestsBefore);
    // …while the list (replied flags) and pages (counts) were refetched.
    await waitFor(() => expect(reviewRequests(backend).length).toBeGreaterThan(listRequestsBefore));
    await waitFor(() => expect(backend.callsTo(API.fbPages).length).toBeGreaterThan(1));
    expect(within(detail).getByTestId('reply-input')).toHaveValue('');
    const replied = (await reviewItems()).find((item) => item.getAttribute('data-review-id') === '500001');
    await waitFor(() => expect(within(replied!).getByText('Replied')).toBeInTheDocument());
  });

  it('shows the server message when a reply is refused', async () => {
    const { user } = setup(
      {},
      {
        path: `${PATHS.reviews}?review=500001`,
        handlers: [handle.replyFbReview(() => reply.error(403, { message: 'Facebook refused the reply: (#10) Permission denied' }))],
      },
    );
    const detail = await screen.findByTestId('review-detail');

    await user.type(await within(detail).findByTestId('reply-input'), 'Thanks');
    await user.click(within(detail).getByTestId('reply-submit'));

    expect(await within(detail).findByRole('alert')).toHaveTextContent(
      'Facebook refused the reply: (#10) Permission denied',
    );
    expect(within(detail).getByTestId('reply-input')).toHaveValue('Thanks');
  });

  it('disables the reply, with the reason, when Facebook does not allow one', async () => {
    const { backend } = setup({}, { path: `${PATHS.reviews}?review=500003` });
    const detail = await screen.findByTestId('review-detail');

    expect(await within(detail).findByText(/does not allow replies to reviews written before August 2018/)).toBeInTheDocument();
    expect(within(detail).getByTestId('reply-input')).toBeDisabled();
    expect(within(detail).getByTestId('reply-submit')).toBeDisabled();
    expect(backend.callsTo(API.replyFbReview)).toHaveLength(0);
  });

  it('hides the composer from users who may not reply (create ReviewReply)', async () => {
    setup({}, { path: `${PATHS.reviews}?review=500001`, rules: READ_ONLY_RULES });
    const detail = await screen.findByTestId('review-detail');
    expect(await within(detail).findByText('Your role can read reviews but not reply to them.')).toBeInTheDocument();
    expect(within(detail).queryByTestId('reply-input')).not.toBeInTheDocument();
    expect(within(detail).queryByTestId('reply-submit')).not.toBeInTheDocument();
  });

  it('loads the next page with the cursor', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      reviewFixture({ id: String(600000 + i), reviewer: { id: `r${i}`, name: `Guest ${i}` } }),
    );
    const { backend, user } = setup({ reviews: many });
    expect(await reviewItems()).toHaveLength(20);

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(async () => expect(await reviewItems()).toHaveLength(25));
    expect(lastReviewQuery(backend)?.get('cursor')).toBe('20');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('No more reviews')).toBeInTheDocument();
  });

  it('loads the next page by itself when the end of the list scrolls into view', async () => {
    const observed: { callback: IntersectionObserverCallback; target: Element | null }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly entry: { callback: IntersectionObserverCallback; target: Element | null };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, target: null };
          observed.push(this.entry);
        }
        observe(target: Element) {
          this.entry.target = target;
        }
        disconnect() {
          this.entry.target = null;
        }
      },
    );
    const many = Array.from({ length: 25 }, (_, i) =>
      reviewFixture({ id: String(600000 + i), reviewer: { id: `r${i}`, name: `Guest ${i}` } }),
    );
    const { backend } = setup({ reviews: many });
    expect(await reviewItems()).toHaveLength(20);
    const sentinel = observed.find((o) => o.target !== null);
    expect(sentinel).toBeDefined();

    act(() =>
      sentinel!.callback(
        [{ isIntersecting: true, target: sentinel!.target! } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );

    await waitFor(async () => expect(await reviewItems()).toHaveLength(25));
    expect(lastReviewQuery(backend)?.get('cursor')).toBe('20');
  });

  it('warns about pages whose sync failed, with the server explanation', async () => {
    const message = 'Facebook stopped serving reviews on API v22+ (Graph error 12). Stored reviews are shown.';
    setup({ pages: [paradise, { ...bawarchi, sync: { status: 'deprecated', lastSyncedAt: null, message } }] });
    const alert = await screen.findByTestId('sync-alert');
    expect(alert).toHaveTextContent('Bawarchi, Gachibowli');
    expect(alert).toHaveTextContent(message);
    expect(screen.getAllByTestId('sync-alert')).toHaveLength(1);
  });

  it('syncs the selected page on demand', async () => {
    const { backend, user } = setup({}, { path: `${PATHS.reviews}?pageId=1002` });

    await user.click(await screen.findByRole('button', { name: 'Sync now' }));

    expect(await screen.findByText('Fetched 3 reviews for Bawarchi, Gachibowli.')).toBeInTheDocument();
    expect(backend.callsTo(API.syncFbReviews, 'POST')[0]?.body).toEqual({ pageId: '1002' });
  });

  it('shows a viewer no Sync now and, on a dead token, no Reconnect but the way to the connections', async () => {
    const message = 'Facebook rejected this page’s access token: the password of the Facebook account that connected the page was changed (error 190/460).';
    setup({ pages: [paradise, { ...bawarchi, sync: { status: 'token_invalid', lastSyncedAt: null, message } }] }, { path: `${PATHS.reviews}?pageId=1002`, rules: READ_ONLY_RULES });
    const alert = await screen.findByTestId('sync-alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).queryByTestId('banner-reconnect')).not.toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'View connections' })).toHaveAttribute('href', PATHS.facebookConnect);
    expect(screen.queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();
  });

  it('offers an owner Reconnect on a dead token', async () => {
    setup({ pages: [paradise, { ...bawarchi, sync: { status: 'token_invalid', lastSyncedAt: null, message: 'dead' } }] });
    const alert = await screen.findByTestId('sync-alert');
    expect(within(alert).getByTestId('banner-reconnect')).toHaveTextContent('Reconnect');
    expect(alert).toHaveAttribute('data-status', 'token_invalid');
  });

  it('shows the server message when the list cannot be loaded (a 500 the GET helper returns)', async () => {
    setup({}, { handlers: [handle.fbReviews(() => reply.error(500, { message: 'Database unavailable' }))] });
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.queryByTestId('review-item')).not.toBeInTheDocument();
  });

  it('has empty states for no pages and no reviews', async () => {
    setup({ pages: [], reviews: [] });
    expect(await screen.findByTestId('pages-empty')).toBeInTheDocument();
    expect(await screen.findByTestId('reviews-empty')).toHaveTextContent('No reviews yet');
  });

  it('offers to clear filters that match nothing', async () => {
    const { location, user } = setup({}, { path: `${PATHS.reviews}?q=nothing-matches` });
    const empty = await screen.findByTestId('reviews-empty');
    expect(empty).toHaveTextContent('No reviews match these filters');

    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));

    await waitFor(() => expect(location.current?.search).toBe(''));
    expect(await reviewItems()).toHaveLength(3);
    expect(screen.getByTestId('filter-search')).toHaveValue('');
  });
});

describe('ReviewsPage, the reply check (issue #11)', () => {
  const warned = () =>
    reply.error(422, {
      message: 'Check this reply before it goes out: …',
      field: 'body.message',
      code: 'reply_check',
      warnings: [
        { code: 'contact_details', message: 'server text' },
        { code: 'repeats_recent', message: 'server text' },
      ],
    });

  it('shows an owner the warnings in their language and sends anyway on request, as a new submission', async () => {
    signInAs({ role: 'client_owner' });
    const { backend, user } = setup(
      {},
      { path: `${PATHS.reviews}?review=500001`, rules: OWNER_RULES, handlers: [
        handle.replyFbReview(({ body }) =>
          body.sendAnyway ? { comment: commentFixture({ id: 'sent', message: body.message, isPageReply: true }) } : warned(),
        ),
      ],
    },
    );
    const detail = await screen.findByTestId('review-detail');
    await user.type(await within(detail).findByTestId('reply-input'), 'Call 98765 43210');
    await user.click(within(detail).getByTestId('reply-submit'));
    const check = await within(detail).findByTestId('reply-check');
    expect(check).toHaveTextContent('phone number, an email address or a link');
    expect(check).toHaveTextContent('last 20 replies');
    await user.click(within(check).getByTestId('reply-send-anyway'));
    await waitFor(() => expect(backend.callsTo(API.replyFbReview, 'POST')).toHaveLength(2));
    const [first, second] = backend.callsTo(API.replyFbReview, 'POST');
    expect(first!.body).not.toHaveProperty('sendAnyway');
    expect(second!.body).toMatchObject({ message: 'Call 98765 43210', sendAnyway: true });
    expect(second!.headers.get('idempotency-key')).not.toBe(first!.headers.get('idempotency-key'));
    await waitFor(() => expect(within(detail).queryByTestId('reply-check')).not.toBeInTheDocument());
  });

  it('tells an agent to change the reply, offers no Send anyway, and clears the warnings on edit', async () => {
    signInAs({ role: 'agent' });
    const { user } = setup({}, { path: `${PATHS.reviews}?review=500001`, rules: REPLY_RULES, handlers: [handle.replyFbReview(() => warned())] });
    const detail = await screen.findByTestId('review-detail');
    const input = await within(detail).findByTestId('reply-input');
    await user.type(input, 'Call 98765 43210');
    await user.click(within(detail).getByTestId('reply-submit'));
    const check = await within(detail).findByTestId('reply-check');
    expect(check).toHaveTextContent('ask an owner');
    expect(within(check).queryByTestId('reply-send-anyway')).not.toBeInTheDocument();
    await user.type(input, '!');
    expect(within(detail).queryByTestId('reply-check')).not.toBeInTheDocument();
  });
});

describe('ReviewsPage, issue #8 hardening', () => {
  it('submits a reply once however fast Enter and Send come, and retries with the same Idempotency-Key', async () => {
    let answer: (response: MockReply) => void = () => {};
    const { backend } = setup(
      {},
      {
        path: `${PATHS.reviews}?review=500001`,
        rules: REPLY_RULES,
        handlers: [handle.replyFbReview(() => new Promise<MockReply>((resolve) => (answer = resolve)))],
      },
    );
    const detail = await screen.findByTestId('review-detail');
    const input = await within(detail).findByTestId('reply-input');
    fireEvent.change(input, { target: { value: 'Thank you, Ravi!' } });
    const form = input.closest('form')!;
    // Two submissions before React re-renders (a double Enter, a double click).
    act(() => {
      fireEvent.submit(form);
      fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
      fireEvent.click(within(detail).getByTestId('reply-submit'));
    });
    await waitFor(() => expect(backend.callsTo(API.replyFbReview, 'POST')).toHaveLength(1));
    expect(within(detail).getByTestId('reply-submit')).toBeDisabled();
    const key = backend.callsTo(API.replyFbReview, 'POST')[0]!.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    // Facebook timed out and DineDesk could not tell: the retry is the same submission.
    await act(async () => answer(reply.error(504, { message: 'Facebook did not answer in time', code: 'graph_outcome_unknown' })));
    expect(await within(detail).findByRole('alert')).toHaveTextContent('Facebook did not answer in time');
    backend.use(handle.replyFbReview(() => ({ comment: commentFixture({ id: 'c-9', isPageReply: true, message: 'Thank you, Ravi!' }) })));
    fireEvent.click(within(detail).getByTestId('reply-submit'));
    await waitFor(() => expect(backend.callsTo(API.replyFbReview, 'POST')).toHaveLength(2));
    expect(backend.callsTo(API.replyFbReview, 'POST')[1]!.headers.get('Idempotency-Key')).toBe(key);
    await waitFor(() => expect(within(detail).getByTestId('reply-input')).toHaveValue(''));

    // A new reply is a new submission with a new key.
    fireEvent.change(within(detail).getByTestId('reply-input'), { target: { value: 'See you soon!' } });
    fireEvent.click(within(detail).getByTestId('reply-submit'));
    await waitFor(() => expect(backend.callsTo(API.replyFbReview, 'POST')).toHaveLength(3));
    expect(backend.callsTo(API.replyFbReview, 'POST')[2]!.headers.get('Idempotency-Key')).not.toBe(key);
  });

  it('refreshes the list when the server says a review or comment changed (feed webhook)', async () => {
    const { backend } = setup();
    await reviewItems();
    const listsBefore = reviewRequests(backend).length;
    const pagesBefore = backend.callsTo(API.fbPages).length;
    await waitFor(() => expect(socketRef.socket.serverEmit).toBeDefined());
    act(() => socketRef.socket.serverEmit('reviews:changed', { pageId: '1001', reviewId: null, kind: 'review', verb: 'add' }));
    await waitFor(() => expect(reviewRequests(backend).length).toBeGreaterThan(listsBefore));
    await waitFor(() => expect(backend.callsTo(API.fbPages).length).toBeGreaterThan(pagesBefore));
    // A payload of another shape is ignored.
    const now = reviewRequests(backend).length;
    act(() => socketRef.socket.serverEmit('reviews:changed', { nope: true }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reviewRequests(backend).length).toBe(now);
  });
});

describe('ReviewsPage, keyboard and screen readers (issue #10)', () => {
  it('names each card by its reviewer, score, date, outlet and text, not only "Open the review by …"', async () => {
    setup();
    const [ravisCard, meenasCard, oldCard] = await reviewItems();

    const date = formatDate(ravi.createdTime, 'en');
    expect(within(ravisCard!).getByRole('button')).toHaveAccessibleName(
      `Ravi Kumar Rated 5 out of 5 ${date} · Paradise, Gachibowli The biryani was excellent.`,
    );
    expect(within(meenasCard!).getByRole('button')).toHaveAccessibleName(
      `Meena Iyer Replied Rated 2 out of 5 ${formatDate(meena.createdTime, 'en')} · Paradise, Gachibowli Cold food and a long wait.`,
    );
    // A recommendation instead of stars is announced too.
    expect(within(oldCard!).getByRole('button')).toHaveAccessibleName(/^Old Timer Recommends .+ Best haleem in town\.$/);
  });

  it('keeps the KPI cards, with placeholders, while the pages load', async () => {
    setup({}, { handlers: [handle.fbPages(() => new Promise(() => undefined))] });
    await reviewItems();

    for (const testId of ['kpi-average-rating', 'kpi-rating-count', 'kpi-review-count', 'kpi-unreplied']) {
      expect(screen.getByTestId(testId)).toHaveAttribute('aria-busy', 'true');
    }
    expect(screen.getByRole('region', { name: 'Average rating' })).toBeInTheDocument();
  });

  it('side panel: focus moves into it on open; Esc closes it and focus returns to the card', async () => {
    setViewportWidth(1400);
    const { location, user } = setup();
    const items = await reviewItems();
    const meenasButton = within(items[1]!).getByRole('button');

    await user.click(meenasButton);
    const detail = await screen.findByTestId('review-detail');
    expect(within(detail).getByRole('heading', { level: 2, name: 'Meena Iyer' })).toHaveFocus();

    // Another review in the open panel takes focus to its heading again.
    await user.click(within(items[0]!).getByRole('button'));
    await waitFor(() => expect(within(detail).getByRole('heading', { level: 2, name: 'Ravi Kumar' })).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('review-detail')).not.toBeInTheDocument());
    expect(location.current?.search).not.toContain('review=');
    expect(within(items[0]!).getByRole('button')).toHaveFocus();
  });

  it('side panel: the close button also returns focus to the card', async () => {
    setViewportWidth(1400);
    const { user } = setup();
    const items = await reviewItems();

    await user.click(within(items[2]!).getByRole('button'));
    const detail = await screen.findByTestId('review-detail');
    await user.click(within(detail).getByRole('button', { name: 'Close review' }));

    await waitFor(() => expect(screen.queryByTestId('review-detail')).not.toBeInTheDocument());
    expect(within(items[2]!).getByRole('button')).toHaveFocus();
  });

  it('drawer on a narrow screen: focus moves into it; Esc closes it and focus returns to the card', async () => {
    const { location, user } = setup();
    const items = await reviewItems();

    await user.click(within(items[1]!).getByRole('button'));
    const detail = await screen.findByTestId('review-detail');
    await waitFor(() => expect(within(detail).getByRole('heading', { level: 2, name: 'Meena Iyer' })).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(location.current?.search).not.toContain('review='));
    await waitFor(() => expect(within(items[1]!).getByRole('button')).toHaveFocus());
  });
});
