import { API } from '@dinedesk/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { PATHS } from '../../../lib/paths.ts';
import type { TAbilityRule, TGetReviewsRequest } from '@dinedesk/contracts';
import type { RequestHandler } from 'msw';
import { handle, reply, type MockReply } from '../../../testing/contract-handlers.ts';
import {
  commentFixture,
  googleReviewFixture,
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

// The shared socket is a tiny fake the tests drive as the server (reviews:changed).
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

// Brand and outlet ids are UUIDs: the feed's request contract refuses anything else, and the
// screen leaves such a filter out of the request (contracts/reviews.ts ZGetReviewsRequest).
const PARADISE_BRAND = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000b1';
const BAWARCHI_BRAND = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000b2';
const PARADISE_OUTLET = '0b7e5d3c-1a2b-4c3d-8e4f-000000000001';
const BAWARCHI_OUTLET = '0b7e5d3c-1a2b-4c3d-8e4f-000000000002';
const KONDAPUR_OUTLET = '0b7e5d3c-1a2b-4c3d-8e4f-000000000003';
const atParadise = { outletId: PARADISE_OUTLET, outletName: 'Paradise, Gachibowli', brandId: PARADISE_BRAND, brandName: 'Paradise' };
const atBawarchi = { outletId: BAWARCHI_OUTLET, outletName: 'Bawarchi, Gachibowli', brandId: BAWARCHI_BRAND, brandName: 'Bawarchi' };

const paradise = pageFixture({ outletId: PARADISE_OUTLET, brandId: PARADISE_BRAND });
const bawarchi = pageFixture({
  id: '1002',
  name: 'Bawarchi Gachibowli',
  outletId: BAWARCHI_OUTLET,
  outletName: 'Bawarchi, Gachibowli',
  brandId: BAWARCHI_BRAND,
  brandName: 'Bawarchi',
  overallStarRating: 3.6,
  ratingCount: 50,
  reviewCount: 20,
  unrepliedCount: 5,
});
/** A second Paradise outlet (brand filter tests). */
const kondapur = pageFixture({ id: '1003', name: 'Paradise Kondapur', outletId: KONDAPUR_OUTLET, outletName: 'Paradise, Kondapur', brandId: PARADISE_BRAND });

const ravi = reviewFixture({ ...atParadise });
const meena = reviewFixture({
  ...atParadise,
  id: '500002',
  reviewer: { id: 'r-2', name: 'Meena Iyer' },
  rating: 2,
  recommendationType: 'negative',
  text: 'Cold food and a long wait.',
  sentiment: 'negative',
  createdTime: '2025-01-08T12:00:00.000Z',
  replied: true,
  // Replied 3 hours after the review.
  lastReplyAt: '2025-01-08T15:00:00.000Z',
  commentCount: 1,
});
const oldReview = reviewFixture({
  ...atBawarchi,
  id: '500003',
  pageId: '1002',
  reviewer: { id: 'r-3', name: 'Old Timer' },
  rating: null,
  recommendationType: 'positive',
  text: 'Best haleem in town.',
  storyId: null,
  canReply: false,
  createdTime: '2017-05-01T12:00:00.000Z',
});

/** A Google review of Paradise with its one reply. */
const priyasReply = { comment: 'Thank you, Priya!', updateTime: '2025-01-08T09:00:00.000Z', authorName: 'Asha Rao' };
const priya = googleReviewFixture({ ...atParadise, reply: priyasReply });
/** A Google review of Bawarchi without a reply: it needs one. */
const arjun = googleReviewFixture({
  ...atBawarchi,
  id: '700002',
  locationId: 'locations/9002',
  reviewer: { id: 'accounts/7001/locations/9002/reviews/g-2', name: 'Arjun Rao' },
  rating: 2,
  text: 'Too salty, and nobody came to the table.',
  sentiment: 'negative',
  createdTime: '2025-01-06T19:45:00.000Z',
  link: 'https://maps.google.com/?cid=9002',
});
/** Both sources, newest first as the server answers: 01-09, 01-08, 01-07, 01-06, 2017. */
const feed = [ravi, meena, priya, arjun, oldReview];

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

const reviewRequests = (backend: ReturnType<typeof reviewsBackend>) => backend.callsTo(API.getReviews, 'POST');
/** The body of the last feed request (its filters, cursor and limit). */
const lastReviewBody = (backend: ReturnType<typeof reviewsBackend>) => reviewRequests(backend).at(-1)?.body as TGetReviewsRequest | undefined;
/** The screen's URL search params, as an object. */
const urlParams = (location: { current: { search: string } | null }) => Object.fromEntries(new URLSearchParams(location.current?.search));

async function reviewItems() {
  const list = await screen.findByTestId('review-list');
  return within(list).findAllByTestId('review-item');
}

/** Ids of the listed reviews, once the list shows exactly `ids` (the list refetches after a filter). */
async function expectListed(ids: string[]) {
  await waitFor(() => expect(screen.getAllByTestId('review-item').map((item) => item.getAttribute('data-review-id'))).toEqual(ids));
}

/** The (native) filter select or date input with `testId` set to `value`, as a user would. */
function changeField(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
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
    expect(items.map((item) => within(item).getByTestId('review-source').textContent)).toEqual(['Facebook', 'Facebook', 'Facebook']);

    // The KPIs of the same (unfiltered) reviews: stars 5 and 2 → 3.5; one of the two that can be
    // replied to has a reply, 3 hours after the review; Ravi's still needs one.
    await waitFor(() => expect(screen.getByTestId('kpi-average-rating')).toHaveTextContent('3.5'));
    expect(screen.getByTestId('kpi-review-count')).toHaveTextContent('3');
    expect(screen.getByTestId('kpi-response-rate')).toHaveTextContent('50%');
    expect(screen.getByTestId('kpi-response-time')).toHaveTextContent('3 hr');
    expect(screen.getByTestId('kpi-needs-reply')).toHaveTextContent('1');
    expect(backend.callsTo(API.reviewKpis, 'POST').at(-1)?.body).toEqual({});

    // One POST to the feed, no filters and no cursor: the first page.
    expect(reviewRequests(backend)).toHaveLength(1);
    expect(lastReviewBody(backend)).toEqual({ limit: 20 });
    expect(backend.callsTo(API.fbReviews)).toHaveLength(0);
  });

  it('names every filter by its visible label (native selects and a search box)', async () => {
    setup();
    await reviewItems();
    const filters = screen.getByRole('search', { name: 'Filter reviews' });
    const selects = { Brand: 'filter-brand', Outlet: 'filter-outlet', Source: 'filter-source', Rating: 'filter-rating', Sentiment: 'filter-sentiment', Replies: 'filter-replied' };
    for (const [name, testId] of Object.entries(selects)) {
      expect(within(filters).getByRole('combobox', { name })).toBe(screen.getByTestId(testId));
      expect(screen.getByTestId(testId).tagName).toBe('SELECT');
    }
    expect(within(filters).getByLabelText('From')).toBe(screen.getByTestId('filter-from'));
    expect(within(filters).getByLabelText('To')).toBe(screen.getByTestId('filter-to'));
    expect(screen.getByTestId('filter-from')).toHaveAttribute('type', 'date');
    expect(screen.getByTestId('filter-to')).toHaveAttribute('type', 'date');
    expect(within(filters).getByRole('searchbox', { name: 'Search' })).toBe(screen.getByTestId('filter-search'));
    // The choices each select offers.
    const options = (testId: string) => [...(screen.getByTestId(testId) as HTMLSelectElement).options].map((o) => [o.value, o.textContent]);
    expect(options('filter-brand')).toEqual([['', 'All brands'], [PARADISE_BRAND, 'Paradise'], [BAWARCHI_BRAND, 'Bawarchi']]);
    expect(options('filter-outlet')).toEqual([['', 'All outlets'], [PARADISE_OUTLET, 'Paradise, Gachibowli'], [BAWARCHI_OUTLET, 'Bawarchi, Gachibowli']]);
    expect(options('filter-source')).toEqual([['', 'All sources'], ['facebook', 'Facebook'], ['google', 'Google']]);
    expect(options('filter-rating')).toEqual([['', 'Any rating'], ['5', '5 stars'], ['4', '4 stars'], ['3', '3 stars'], ['2', '2 stars'], ['1', '1 star'], ['1,2', '1–2 stars']]);
    expect(options('filter-sentiment')).toEqual([['', 'Any sentiment'], ['positive', 'Positive'], ['neutral', 'Neutral'], ['negative', 'Negative']]);
    expect(options('filter-replied')).toEqual([['', 'All reviews'], ['needs', 'Needs a reply'], ['true', 'Replied'], ['false', 'Not replied']]);
  });

  it('puts the outlet, rating and replies filters in the URL and in the request', async () => {
    const { backend, location, user } = setup({ reviews: feed });
    await expectListed(['500001', '500002', '700001', '700002', '500003']);

    await user.selectOptions(screen.getByTestId('filter-outlet'), PARADISE_OUTLET);
    await waitFor(() => expect(urlParams(location)).toEqual({ outletId: PARADISE_OUTLET }));
    await waitFor(() => expect(lastReviewBody(backend)).toEqual({ outletId: PARADISE_OUTLET, limit: 20 }));
    await expectListed(['500001', '500002', '700001']);
    // The KPIs (same filters) and the header follow the selected outlet: stars 5, 2 and 4.
    await waitFor(() => expect(backend.callsTo(API.reviewKpis, 'POST').at(-1)?.body).toEqual({ outletId: PARADISE_OUTLET }));
    await waitFor(() => expect(screen.getByTestId('kpi-average-rating')).toHaveTextContent('3.7'));
    expect(screen.getByTestId('kpi-review-count')).toHaveTextContent('3');
    expect(screen.getByText('Paradise Biryani Gachibowli')).toBeInTheDocument();

    await user.selectOptions(screen.getByTestId('filter-rating'), '2');
    await waitFor(() => expect(lastReviewBody(backend)?.ratings).toEqual([2]));
    expect(urlParams(location)).toMatchObject({ rating: '2' });
    await expectListed(['500002']);

    await user.selectOptions(screen.getByTestId('filter-replied'), 'true');
    await waitFor(() => expect(lastReviewBody(backend)?.replied).toBe(true));
    expect(urlParams(location)).toMatchObject({ replied: 'true' });

    // "1–2 stars" is one choice of two ratings: a comma list in the URL, an array in the body.
    await user.selectOptions(screen.getByTestId('filter-rating'), '1,2');
    await waitFor(() => expect(lastReviewBody(backend)?.ratings).toEqual([1, 2]));
    expect(screen.getByTestId('filter-rating')).toHaveValue('1,2');
    expect(urlParams(location)).toEqual({ outletId: PARADISE_OUTLET, rating: '1,2', replied: 'true' });
    expect(lastReviewBody(backend)).toEqual({ outletId: PARADISE_OUTLET, ratings: [1, 2], replied: true, limit: 20 });
    await expectListed(['500002']);

    await user.selectOptions(screen.getByTestId('filter-replied'), 'false');
    await waitFor(() => expect(lastReviewBody(backend)?.replied).toBe(false));
    expect(await screen.findByTestId('reviews-empty')).toHaveTextContent('No reviews match these filters');

    // "All" removes a filter from the URL and from the request.
    await user.selectOptions(screen.getByTestId('filter-rating'), '');
    await waitFor(() => expect(lastReviewBody(backend)).toEqual({ outletId: PARADISE_OUTLET, replied: false, limit: 20 }));
    expect(urlParams(location)).toEqual({ outletId: PARADISE_OUTLET, replied: 'false' });
    await user.selectOptions(screen.getByTestId('filter-replied'), '');
    await user.selectOptions(screen.getByTestId('filter-outlet'), '');
    await waitFor(() => expect(location.current?.search).toBe(''));
    // Lists seen before come from the cache: the unfiltered one again.
    await expectListed(['500001', '500002', '700001', '700002', '500003']);
  });

  it('filters by brand: the outlet select offers that brand\'s outlets, and an outlet of another brand is dropped', async () => {
    const { backend, location, user } = setup({ pages: [paradise, bawarchi, kondapur], reviews: feed });
    await reviewItems();
    await user.selectOptions(screen.getByTestId('filter-outlet'), BAWARCHI_OUTLET);
    await waitFor(() => expect(lastReviewBody(backend)).toEqual({ outletId: BAWARCHI_OUTLET, limit: 20 }));

    await user.selectOptions(screen.getByTestId('filter-brand'), PARADISE_BRAND);
    await waitFor(() => expect(urlParams(location)).toEqual({ brandId: PARADISE_BRAND }));
    await waitFor(() => expect(lastReviewBody(backend)).toEqual({ brandId: PARADISE_BRAND, limit: 20 }));
    await expectListed(['500001', '500002', '700001']);
    const outlets = [...(screen.getByTestId('filter-outlet') as HTMLSelectElement).options].map((o) => o.value);
    expect(outlets).toEqual(['', PARADISE_OUTLET, KONDAPUR_OUTLET]);

    // An outlet of the chosen brand narrows it further and keeps the brand.
    await user.selectOptions(screen.getByTestId('filter-outlet'), KONDAPUR_OUTLET);
    await waitFor(() => expect(lastReviewBody(backend)).toEqual({ brandId: PARADISE_BRAND, outletId: KONDAPUR_OUTLET, limit: 20 }));
    expect(await screen.findByTestId('reviews-empty')).toBeInTheDocument();

    // Back to all brands: the outlet stays, and all outlets are offered again.
    await user.selectOptions(screen.getByTestId('filter-brand'), '');
    await waitFor(() => expect(urlParams(location)).toEqual({ outletId: KONDAPUR_OUTLET }));
    expect((screen.getByTestId('filter-outlet') as HTMLSelectElement).options).toHaveLength(4);
  });

  it('its subtitle names the sources the list shows: Facebook and Google, or the one filtered on', async () => {
    const { user } = setup({ reviews: feed });
    await reviewItems();
    expect(screen.getByText('Facebook and Google reviews of all your outlets')).toBeInTheDocument();
    await user.selectOptions(screen.getByTestId('filter-source'), 'google');
    expect(await screen.findByText('Google reviews of all your outlets')).toBeInTheDocument();
    await user.selectOptions(screen.getByTestId('filter-source'), 'facebook');
    expect(await screen.findByText('Facebook reviews of all your outlets')).toBeInTheDocument();
  });

  it('filters by source and by sentiment', async () => {
    const { backend, location, user } = setup({ reviews: feed });
    await reviewItems();

    await user.selectOptions(screen.getByTestId('filter-source'), 'google');
    await waitFor(() => expect(lastReviewBody(backend)).toEqual({ source: 'google', limit: 20 }));
    expect(urlParams(location)).toEqual({ source: 'google' });
    await expectListed(['700001', '700002']);
    expect(screen.getAllByTestId('review-source').map((node) => node.textContent)).toEqual(['Google', 'Google']);

    await user.selectOptions(screen.getByTestId('filter-sentiment'), 'negative');
    await waitFor(() => expect(lastReviewBody(backend)).toEqual({ source: 'google', sentiment: 'negative', limit: 20 }));
    expect(urlParams(location)).toEqual({ source: 'google', sentiment: 'negative' });
    await expectListed(['700002']);

    await user.selectOptions(screen.getByTestId('filter-source'), 'facebook');
    await waitFor(() => expect(lastReviewBody(backend)).toEqual({ source: 'facebook', sentiment: 'negative', limit: 20 }));
    await expectListed(['500002']);
  });

  it('"Needs a reply" is a choice of the replies select, exclusive with replied / not replied', async () => {
    const { backend, location, user } = setup({ reviews: feed });
    await reviewItems();

    await user.selectOptions(screen.getByTestId('filter-replied'), 'false');
    await waitFor(() => expect(lastReviewBody(backend)).toEqual({ replied: false, limit: 20 }));
    await expectListed(['500001', '700002', '500003']);

    await user.selectOptions(screen.getByTestId('filter-replied'), 'needs');
    await waitFor(() => expect(urlParams(location)).toEqual({ needsReply: 'true' }));
    await waitFor(() => expect(lastReviewBody(backend)).toEqual({ needsReply: true, limit: 20 }));
    // Unreplied, but the review from 2017 cannot be replied to.
    await expectListed(['500001', '700002']);
    expect(screen.getByTestId('filter-replied')).toHaveValue('needs');

    await user.selectOptions(screen.getByTestId('filter-replied'), 'true');
    await waitFor(() => expect(urlParams(location)).toEqual({ replied: 'true' }));
    expect(lastReviewBody(backend)).toEqual({ replied: true, limit: 20 });
    await expectListed(['500002', '700001']);
  });

  it('filters by a range of days, both included, and bounds each date input by the other', async () => {
    const { backend, location } = setup({ reviews: feed });
    await reviewItems();

    changeField('filter-from', '2025-01-07');
    await waitFor(() => expect(lastReviewBody(backend)).toEqual({ from: '2025-01-07', limit: 20 }));
    expect(urlParams(location)).toEqual({ from: '2025-01-07' });
    await expectListed(['500001', '500002', '700001']);
    expect(screen.getByTestId('filter-to')).toHaveAttribute('min', '2025-01-07');

    changeField('filter-to', '2025-01-08');
    await waitFor(() => expect(lastReviewBody(backend)).toEqual({ from: '2025-01-07', to: '2025-01-08', limit: 20 }));
    expect(urlParams(location)).toEqual({ from: '2025-01-07', to: '2025-01-08' });
    await expectListed(['500002', '700001']);
    expect(screen.getByTestId('filter-from')).toHaveAttribute('max', '2025-01-08');

    // Emptying a date removes it.
    changeField('filter-from', '');
    await waitFor(() => expect(lastReviewBody(backend)).toEqual({ to: '2025-01-08', limit: 20 }));
    expect(urlParams(location)).toEqual({ to: '2025-01-08' });
    await expectListed(['500002', '700001', '700002', '500003']);
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
    await waitFor(() => expect(lastReviewBody(backend)).toEqual({ q: 'haleem', limit: 20 }));
    expect(reviewRequests(backend).filter((r) => (r.body as TGetReviewsRequest).q !== undefined)).toHaveLength(1);
    const items = await reviewItems();
    await waitFor(() => expect(items[0]).toHaveAttribute('data-review-id', '500003'));
  });

  it('restores the filters from the URL (a reload keeps them)', async () => {
    const search = new URLSearchParams({
      brandId: BAWARCHI_BRAND,
      outletId: BAWARCHI_OUTLET,
      source: 'google',
      rating: '1,2',
      replied: 'false',
      from: '2025-01-01',
      to: '2025-01-31',
      sentiment: 'negative',
      q: 'salty',
      bogus: '1',
    });
    const { backend } = setup({ reviews: feed }, { path: `${PATHS.reviews}?${search}` });

    await waitFor(() => expect(reviewRequests(backend).length).toBeGreaterThan(0));
    expect(lastReviewBody(backend)).toEqual({
      brandId: BAWARCHI_BRAND,
      outletId: BAWARCHI_OUTLET,
      source: 'google',
      ratings: [1, 2],
      replied: false,
      from: '2025-01-01',
      to: '2025-01-31',
      sentiment: 'negative',
      q: 'salty',
      limit: 20,
    });
    await expectListed(['700002']);
    await waitFor(() => expect(screen.getByTestId('filter-outlet')).toHaveValue(BAWARCHI_OUTLET));
    expect(screen.getByTestId('filter-brand')).toHaveValue(BAWARCHI_BRAND);
    expect(screen.getByTestId('filter-source')).toHaveValue('google');
    expect(screen.getByTestId('filter-rating')).toHaveValue('1,2');
    expect(screen.getByTestId('filter-replied')).toHaveValue('false');
    expect(screen.getByTestId('filter-sentiment')).toHaveValue('negative');
    expect(screen.getByTestId('filter-from')).toHaveValue('2025-01-01');
    expect(screen.getByTestId('filter-to')).toHaveValue('2025-01-31');
    expect(screen.getByTestId('filter-search')).toHaveValue('salty');
  });

  it('restores "needs a reply" and a single rating from the URL, and reads a rating list in any order', async () => {
    const { backend } = setup({ reviews: feed }, { path: `${PATHS.reviews}?needsReply=true&rating=2,1,2` });
    await waitFor(() => expect(reviewRequests(backend).length).toBeGreaterThan(0));
    expect(lastReviewBody(backend)).toEqual({ needsReply: true, ratings: [1, 2], limit: 20 });
    await expectListed(['700002']);
    expect(screen.getByTestId('filter-replied')).toHaveValue('needs');
    expect(screen.getByTestId('filter-rating')).toHaveValue('1,2');
  });

  it('drops filter values the API would refuse', async () => {
    const search = new URLSearchParams({
      brandId: 'b-1',
      outletId: 'o-1',
      source: 'yelp',
      rating: '1,9',
      replied: 'maybe',
      needsReply: 'yes',
      from: '2025-13-01',
      to: 'tomorrow',
      sentiment: 'angry',
      q: 'x'.repeat(201),
      pageId: '1001',
      recommendation: 'negative',
    });
    const { backend } = setup({}, { path: `${PATHS.reviews}?${search}` });
    await waitFor(() => expect(reviewRequests(backend).length).toBeGreaterThan(0));
    // None of them reaches the server (which would refuse the whole request), nor the old Facebook-only filters.
    expect(lastReviewBody(backend)).toEqual({ limit: 20 });
    expect(await reviewItems()).toHaveLength(3);
    for (const testId of ['filter-brand', 'filter-outlet', 'filter-source', 'filter-rating', 'filter-sentiment', 'filter-replied', 'filter-from', 'filter-to']) {
      expect(screen.getByTestId(testId)).toHaveValue('');
    }
  });

  it('keeps only the start of a range the wrong way round (to before from)', async () => {
    const { backend } = setup({ reviews: feed }, { path: `${PATHS.reviews}?from=2025-01-08&to=2025-01-07` });
    await waitFor(() => expect(reviewRequests(backend).length).toBeGreaterThan(0));
    expect(lastReviewBody(backend)).toEqual({ from: '2025-01-08', limit: 20 });
    await expectListed(['500001', '500002']);
    expect(screen.getByTestId('filter-from')).toHaveValue('2025-01-08');
    expect(screen.getByTestId('filter-to')).toHaveValue('');
  });

  it('edits and deletes the page’s own Facebook reply; guests’ comments have neither', async () => {
    const thread = () => ({
      '500002': [
        commentFixture({ id: 'c1', isPageReply: false, from: { id: 'r-2', name: 'Meena Iyer' }, message: 'Still waiting.' }),
        commentFixture({ id: '9001_1', message: 'We are sorry, Meena.', authorName: 'Asha Rao' }),
      ],
    });
    const { backend, user } = setup({ comments: thread() }, { path: `${PATHS.reviews}?review=500002` });
    const detail = await screen.findByTestId('review-detail');
    const comments = await within(detail).findAllByTestId('comment-item');
    expect(within(comments[0]!).queryByTestId('fb-reply-edit')).not.toBeInTheDocument();
    await user.click(within(comments[1]!).getByTestId('fb-reply-edit'));
    // The edit composer opens inside the reply, beside the composer of a new reply.
    const input = within(comments[1]!).getByTestId('reply-input');
    expect(input).toHaveValue('We are sorry, Meena.');
    // The same words cannot be sent as an edit.
    expect(within(comments[1]!).getByTestId('reply-submit')).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'We are sorry, Meena; the kitchen now keeps every dish on the pass under heat.');
    await user.click(within(comments[1]!).getByTestId('reply-submit'));
    await waitFor(() => expect(backend.callsTo(API.editFbReply, 'POST')).toHaveLength(1));
    expect(backend.callsTo(API.editFbReply, 'POST')[0]!.body).toEqual({ pageId: '1001', reviewId: '500002', commentId: '9001_1', message: 'We are sorry, Meena; the kitchen now keeps every dish on the pass under heat.' });
    expect(await within(detail).findByText('We are sorry, Meena; the kitchen now keeps every dish on the pass under heat.')).toBeInTheDocument();

    await user.click(within(detail).getByTestId('fb-reply-delete'));
    await user.click(within(detail).getByTestId('fb-reply-delete-confirm'));
    await waitFor(() => expect(backend.callsTo(API.deleteFbReply, 'POST')).toHaveLength(1));
    await waitFor(() => expect(within(detail).getAllByTestId('comment-item')).toHaveLength(1));
  });

  it('lets an agent edit the page’s Facebook reply but not delete it; a viewer neither', async () => {
    const comments = { '500002': [commentFixture({ id: '9001_1', message: 'We are sorry, Meena.' })] };
    const agent = setup({ comments }, { path: `${PATHS.reviews}?review=500002`, rules: REPLY_RULES });
    const item = await within(await screen.findByTestId('review-detail')).findByTestId('comment-item');
    expect(within(item).getByTestId('fb-reply-edit')).toBeInTheDocument();
    expect(within(item).queryByTestId('fb-reply-delete')).not.toBeInTheDocument();
    agent.unmount();
    setup({ comments }, { path: `${PATHS.reviews}?review=500002`, rules: READ_ONLY_RULES });
    const viewerItem = await within(await screen.findByTestId('review-detail')).findByTestId('comment-item');
    expect(within(viewerItem).queryByTestId('fb-reply-edit')).not.toBeInTheDocument();
    expect(within(viewerItem).queryByTestId('fb-reply-delete')).not.toBeInTheDocument();
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

  it('fetches a linked review that is not in the loaded list by id, and shows it (mention links)', async () => {
    // Twenty newer reviews fill the first page; the linked one is older.
    const newer = Array.from({ length: 20 }, (_, i) =>
      reviewFixture({ ...atParadise, id: String(510001 + i), reviewer: { id: `r-n${i}`, name: `Guest ${i + 1}` }, createdTime: new Date(Date.UTC(2025, 0, 20 - i)).toISOString() }),
    );
    const farah = reviewFixture({ ...atParadise, id: '400001', reviewer: { id: 'r-9', name: 'Farah Khan' }, text: 'Lovely kebabs, slow service.', createdTime: '2024-03-01T12:00:00.000Z' });
    const { backend } = setup({ reviews: [...newer, farah] }, { path: `${PATHS.reviews}?review=400001` });
    const detail = await screen.findByTestId('review-detail');
    expect(await within(detail).findByText('Lovely kebabs, slow service.')).toBeInTheDocument();
    expect(within(detail).getByRole('heading', { level: 2, name: 'Farah Khan' })).toBeInTheDocument();
    // Asked once the list had loaded without it: just that review, whatever the filters.
    expect(reviewRequests(backend).map((c) => c.body)).toEqual([{ limit: 20 }, { reviewId: '400001', limit: 1 }]);
    expect(screen.getAllByTestId('review-item').map((item) => item.getAttribute('data-review-id'))).not.toContain('400001');
  });

  it('says when a linked review is not found or not visible to the user', async () => {
    const { backend } = setup({}, { path: `${PATHS.reviews}?review=999999` });
    const detail = await screen.findByTestId('review-detail');
    expect(await within(detail).findByTestId('review-not-found')).toHaveTextContent('This review was not found, or it is not visible to you.');
    expect(reviewRequests(backend).map((c) => c.body)).toEqual([{ limit: 20 }, { reviewId: '999999', limit: 1 }]);
  });

  it('does not ask for an id that is no review id, and says it is not found', async () => {
    const { backend } = setup({}, { path: `${PATHS.reviews}?review=not-a-review` });
    expect(await within(await screen.findByTestId('review-detail')).findByTestId('review-not-found')).toBeInTheDocument();
    expect(reviewRequests(backend).map((c) => c.body)).toEqual([{ limit: 20 }]);
  });

  it('does not ask for a linked review the list holds', async () => {
    const { backend } = setup({}, { path: `${PATHS.reviews}?review=500002` });
    const detail = await screen.findByTestId('review-detail');
    expect(await within(detail).findByText('Cold food and a long wait.')).toBeInTheDocument();
    expect(reviewRequests(backend).map((c) => c.body)).toEqual([{ limit: 20 }]);
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
    expect(reviewRequests(backend)).toHaveLength(2);
    expect(lastReviewBody(backend)).toEqual({ cursor: '20', limit: 20 });
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
    expect(lastReviewBody(backend)).toEqual({ cursor: '20', limit: 20 });
  });

  it('warns about pages whose sync failed, with the server explanation', async () => {
    const message = 'Facebook stopped serving reviews on API v22+ (Graph error 12). Stored reviews are shown.';
    setup({ pages: [paradise, { ...bawarchi, sync: { status: 'deprecated', lastSyncedAt: null, message } }] });
    const alert = await screen.findByTestId('sync-alert');
    expect(alert).toHaveTextContent('Bawarchi, Gachibowli');
    expect(alert).toHaveTextContent(message);
    expect(screen.getAllByTestId('sync-alert')).toHaveLength(1);
  });

  it('says once, in the reader’s language, that Facebook no longer offers reviews and since when, and keeps listing the stored ones', async () => {
    const ended = { since: '2027-01-21T06:00:00.000Z', graphVersion: 'v22.0' };
    const message = 'Facebook no longer offers Page reviews to apps: Graph API v22.0 has none.';
    setup({ pages: [{ ...paradise, reviewsEnded: ended, sync: { ...paradise.sync, status: 'deprecated', message } }, { ...bawarchi, reviewsEnded: { ...ended, since: '2027-01-22T06:00:00.000Z' }, sync: { ...bawarchi.sync, status: 'deprecated', message } }] });
    const notice = await screen.findByTestId('reviews-ended');
    expect(notice).toHaveTextContent('Facebook no longer offers reviews to apps');
    expect(notice).toHaveTextContent(`Since ${formatDate('2027-01-21T06:00:00.000Z', 'en')}, Facebook answers DineDesk on Graph API v22.0`);
    expect(notice).toHaveTextContent('readable and searchable');
    expect(screen.getAllByTestId('reviews-ended')).toHaveLength(1);
    // Not a failure per page: no warning banners for them.
    expect(screen.queryByTestId('sync-alert')).toBeNull();
    expect((await reviewItems()).length).toBeGreaterThan(0);
    await act(() => changeLanguage('de'));
    try {
      expect(await screen.findByText('Facebook bietet Apps keine Bewertungen mehr an')).toBeInTheDocument();
      expect(screen.getByTestId('reviews-ended')).toHaveTextContent(`Seit ${formatDate('2027-01-21T06:00:00.000Z', 'de')} antwortet Facebook DineDesk mit der Graph API v22.0`);
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('syncs the selected page on demand', async () => {
    const { backend, user } = setup({}, { path: `${PATHS.reviews}?outletId=${BAWARCHI_OUTLET}` });

    await user.click(await screen.findByRole('button', { name: 'Sync now' }));

    expect(await screen.findByText('Fetched 3 reviews for Bawarchi, Gachibowli.')).toBeInTheDocument();
    expect(backend.callsTo(API.syncFbReviews, 'POST')[0]?.body).toEqual({ pageId: '1002' });
  });

  it('offers no Sync now without an outlet selected (it syncs one page)', async () => {
    setup();
    await reviewItems();
    expect(screen.queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();
  });

  it('shows a viewer no Sync now and, on a dead token, no Reconnect but the way to the connections', async () => {
    const message = 'Facebook rejected this page’s access token: the password of the Facebook account that connected the page was changed (error 190/460).';
    setup({ pages: [paradise, { ...bawarchi, sync: { status: 'token_invalid', lastSyncedAt: null, message } }] }, { path: `${PATHS.reviews}?outletId=${BAWARCHI_OUTLET}`, rules: READ_ONLY_RULES });
    const alert = await screen.findByTestId('sync-alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).queryByTestId('banner-reconnect')).not.toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'View connections' })).toHaveAttribute('href', PATHS.facebookConnect);
    expect(screen.queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();
  });

  it('shows a dead Google grant of the outlet as a banner with Reconnect Google for owners, a link for viewers', async () => {
    const location = {
      id: 'locations/42',
      accountName: 'accounts/7',
      title: 'Bawarchi Gachibowli',
      outletId: BAWARCHI_OUTLET,
      outletName: 'Bawarchi, Gachibowli',
      brandId: 'b-1',
      brandName: 'Paradise',
      mapsUri: null,
      averageRating: 4.1,
      totalReviewCount: 10,
      reviewCount: 10,
      unrepliedCount: 2,
      connectionId: '3f0c1a4e-8a4b-4c6c-9a55-0d6c1c2b7e11',
      health: 'dead' as const,
      sync: { status: 'token_invalid' as const, lastSyncedAt: null, message: 'Google no longer accepts DineDesk’s access to this Google account. Reconnect Google.' },
    };
    const { unmount } = setup({ locations: [location] });
    const alert = await screen.findByTestId('google-sync-alert');
    expect(alert).toHaveTextContent('Bawarchi, Gachibowli · Google');
    expect(alert).toHaveTextContent('Reconnect Google.');
    expect(within(alert).getByTestId('banner-reconnect-google')).toBeInTheDocument();
    unmount();
    const viewer = setup({ locations: [location] }, { rules: READ_ONLY_RULES });
    const viewerAlert = await screen.findByTestId('google-sync-alert');
    expect(within(viewerAlert).queryByTestId('banner-reconnect-google')).not.toBeInTheDocument();
    expect(within(viewerAlert).getByRole('link')).toHaveAttribute('href', PATHS.facebookConnect);
    // Another outlet's banner is not shown while the screen shows one outlet.
    viewer.unmount();
    setup({ locations: [location] }, { path: `${PATHS.reviews}?outletId=o-1` });
    await screen.findAllByTestId('review-item');
    expect(screen.queryByTestId('google-sync-alert')).not.toBeInTheDocument();
  });

  it('offers an owner Reconnect on a dead token', async () => {
    setup({ pages: [paradise, { ...bawarchi, sync: { status: 'token_invalid', lastSyncedAt: null, message: 'dead' } }] });
    const alert = await screen.findByTestId('sync-alert');
    expect(within(alert).getByTestId('banner-reconnect')).toHaveTextContent('Reconnect');
    expect(alert).toHaveAttribute('data-status', 'token_invalid');
  });

  it('shows the server message when the list cannot be loaded (a 500 from the feed)', async () => {
    setup({}, { handlers: [handle.getReviews(() => reply.error(500, { message: 'Database unavailable' }))] });
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

describe('ReviewsPage, the reply check', () => {
  /** The reply check's 422; a Google reply's text is `comment`, a Facebook one's `message`. */
  const warned = (field = 'body.message') =>
    reply.error(422, {
      message: 'Check this reply before it goes out: …',
      field,
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

  it('checks a Google reply too: an owner sees the warnings and sends anyway, as a new submission', async () => {
    signInAs({ role: 'client_owner' });
    const { backend, user } = setup(
      { reviews: feed },
      {
        path: `${PATHS.reviews}?review=700002`,
        rules: OWNER_RULES,
        handlers: [
          handle.replyGoogleReview(({ body }) =>
            body.sendAnyway ? { reply: { comment: body.comment, updateTime: '2025-02-01T10:00:00.000Z', authorName: 'Asha Rao' } } : warned('body.comment'),
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
    expect([...check.querySelectorAll('li')].map((li) => li.dataset.warning)).toEqual(['contact_details', 'repeats_recent']);
    expect(within(detail).getByTestId('reply-input')).toHaveValue('Call 98765 43210');

    await user.click(within(check).getByTestId('reply-send-anyway'));
    await waitFor(() => expect(backend.callsTo(API.replyGoogleReview, 'POST')).toHaveLength(2));
    const [first, second] = backend.callsTo(API.replyGoogleReview, 'POST');
    expect(first!.body).toEqual({ reviewId: '700002', comment: 'Call 98765 43210' });
    expect(second!.body).toEqual({ reviewId: '700002', comment: 'Call 98765 43210', sendAnyway: true });
    expect(first!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.headers.get('idempotency-key')).not.toBe(first!.headers.get('idempotency-key'));
    await waitFor(() => expect(within(detail).queryByTestId('reply-check')).not.toBeInTheDocument());
    expect(backend.callsTo(API.replyFbReview)).toHaveLength(0);
  });

  it('checks a Google reply too: an agent is told to change it, with no Send anyway', async () => {
    signInAs({ role: 'agent' });
    const { backend, user } = setup(
      { reviews: feed },
      { path: `${PATHS.reviews}?review=700002`, rules: REPLY_RULES, handlers: [handle.replyGoogleReview(() => warned('body.comment'))] },
    );
    const detail = await screen.findByTestId('review-detail');
    const input = await within(detail).findByTestId('reply-input');
    await user.type(input, 'Thanks!');
    await user.click(within(detail).getByTestId('reply-submit'));

    const check = await within(detail).findByTestId('reply-check');
    expect(check).toHaveTextContent('ask an owner');
    expect(within(check).queryByTestId('reply-send-anyway')).not.toBeInTheDocument();
    expect(backend.callsTo(API.replyGoogleReview, 'POST')).toHaveLength(1);
    await user.type(input, '!');
    expect(within(detail).queryByTestId('reply-check')).not.toBeInTheDocument();
  });
});

describe('ReviewsPage, Google reviews', () => {
  /** Rules of an agent: may reply (and so edit a reply), may not delete one. */
  const AGENT_RULES: TAbilityRule[] = REPLY_RULES;

  it('says where each review was written, Google or Facebook', async () => {
    setup({ reviews: feed });
    const items = await reviewItems();
    expect(items.map((item) => within(item).getByTestId('review-source').textContent)).toEqual(['Facebook', 'Facebook', 'Google', 'Google', 'Facebook']);
    const google = items[2]!;
    expect(within(google).getByText('Priya Sharma')).toBeInTheDocument();
    expect(within(google).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(google).getByText('Replied')).toBeInTheDocument();
    expect(within(google).getByRole('button')).toHaveAccessibleName(
      `Priya Sharma Replied Rated 4 out of 5 ${formatDate(priya.createdTime, 'en')} · Paradise, Gachibowli · Google Lovely haleem and quick service.`,
    );
    expect(within(items[3]!).queryByText('Replied')).not.toBeInTheDocument();
  });

  it('opens a Google review: its one reply, who wrote it, a link to Google Maps, and no Facebook thread', async () => {
    const { backend } = setup({ reviews: feed }, { path: `${PATHS.reviews}?review=700001` });
    const detail = await screen.findByTestId('review-detail');

    const googleReply = await within(detail).findByTestId('google-reply');
    expect(googleReply).toHaveTextContent('Thank you, Priya!');
    expect(googleReply).toHaveTextContent('Reply by Asha Rao');
    expect(within(googleReply).getByText(formatDate(priyasReply.updateTime, 'en', true))).toHaveAttribute('dateTime', priyasReply.updateTime);
    expect(within(detail).getByText('Lovely haleem and quick service.')).toBeInTheDocument();
    expect(within(detail).getByRole('link', { name: 'Google' })).toHaveAttribute('href', 'https://maps.google.com/?cid=9001');
    expect(within(detail).queryByTestId('google-edited-after-reply')).not.toBeInTheDocument();
    // The reply is shown, not a composer, until Edit; and there is no Facebook thread to load.
    expect(within(detail).queryByTestId('reply-input')).not.toBeInTheDocument();
    expect(within(detail).queryByTestId('comment-item')).not.toBeInTheDocument();
    expect(within(detail).getByTestId('google-reply-edit')).toHaveTextContent('Edit reply');
    expect(within(detail).getByTestId('google-reply-delete')).toHaveTextContent('Delete reply');
    expect(backend.callsTo(API.fbComments)).toHaveLength(0);
  });

  it('names the outlet as the reply\'s author when DineDesk does not know who wrote it', async () => {
    const fromGoogle = googleReviewFixture({ ...atParadise, reply: { ...priyasReply, authorName: null } });
    setup({ reviews: [fromGoogle] }, { path: `${PATHS.reviews}?review=700001` });
    expect(await screen.findByTestId('google-reply')).toHaveTextContent('Reply by Paradise, Gachibowli');
  });

  it('says when the guest changed the review after the reply', async () => {
    const edited = googleReviewFixture({ ...atParadise, reply: priyasReply, needsReply: true, updateTime: '2025-01-09T08:00:00.000Z' });
    setup({ reviews: [edited] }, { path: `${PATHS.reviews}?review=700001` });
    expect(await screen.findByTestId('google-edited-after-reply')).toHaveTextContent('The guest changed this review after the reply');
  });

  it('edits the reply: the composer starts from it, the new text goes to Google with an Idempotency-Key, and the list refetches', async () => {
    const { backend, user } = setup({ reviews: feed }, { path: `${PATHS.reviews}?review=700001` });
    const detail = await screen.findByTestId('review-detail');
    await user.click(await within(detail).findByTestId('google-reply-edit'));

    const input = within(detail).getByTestId('reply-input');
    expect(input).toHaveValue('Thank you, Priya!');
    expect(within(detail).queryByTestId('google-reply')).not.toBeInTheDocument();
    // The same text is not an edit.
    expect(within(detail).getByTestId('reply-submit')).toBeDisabled();
    const listRequestsBefore = reviewRequests(backend).length;

    await user.clear(input);
    await user.type(input, 'Thank you, Priya! See you soon.');
    await user.click(within(detail).getByTestId('reply-submit'));

    await waitFor(() => expect(backend.callsTo(API.replyGoogleReview, 'POST')).toHaveLength(1));
    const call = backend.callsTo(API.replyGoogleReview, 'POST')[0]!;
    expect(call.body).toEqual({ reviewId: '700001', comment: 'Thank you, Priya! See you soon.' });
    expect(call.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(backend.callsTo(API.replyFbReview)).toHaveLength(0);
    // The reply lives on the review: the list is fetched again and shows the new one.
    await waitFor(() => expect(reviewRequests(backend).length).toBeGreaterThan(listRequestsBefore));
    expect(await within(detail).findByTestId('google-reply')).toHaveTextContent('Thank you, Priya! See you soon.');
    expect(within(detail).queryByTestId('reply-input')).not.toBeInTheDocument();
  });

  it('replies to a Google review without a reply, counting bytes as Google does', async () => {
    const { backend, user } = setup({ reviews: feed }, { path: `${PATHS.reviews}?review=700002`, rules: AGENT_RULES });
    const detail = await screen.findByTestId('review-detail');
    expect(within(detail).queryByTestId('google-reply')).not.toBeInTheDocument();
    const input = await within(detail).findByTestId('reply-input');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('maxLength', '4096');
    // Ravi's and Arjun's reviews need a reply.
    await waitFor(() => expect(screen.getByTestId('kpi-needs-reply')).toHaveTextContent('2'));

    // "é" is two bytes of UTF-8: 6 characters, 8 bytes.
    await user.type(input, 'Désolé');
    expect(within(detail).getByText('8 / 4096')).toBeInTheDocument();
    await user.click(within(detail).getByTestId('reply-submit'));

    await waitFor(() => expect(backend.callsTo(API.replyGoogleReview, 'POST')).toHaveLength(1));
    expect(backend.callsTo(API.replyGoogleReview, 'POST')[0]!.body).toEqual({ reviewId: '700002', comment: 'Désolé' });
    expect(await within(detail).findByTestId('google-reply')).toHaveTextContent('Désolé');
    const card = (await reviewItems()).find((item) => item.getAttribute('data-review-id') === '700002')!;
    await waitFor(() => expect(within(card).getByText('Replied')).toBeInTheDocument());
    // The KPIs are refetched with the list.
    await waitFor(() => expect(screen.getByTestId('kpi-needs-reply')).toHaveTextContent('1'));
  });

  it('deletes the reply only after a confirmation, then offers to write one again', async () => {
    const { backend, user } = setup({ reviews: feed }, { path: `${PATHS.reviews}?review=700001` });
    const detail = await screen.findByTestId('review-detail');

    await user.click(await within(detail).findByTestId('google-reply-delete'));
    expect(within(detail).getByText('Delete this reply on Google?')).toBeInTheDocument();
    expect(backend.callsTo(API.deleteGoogleReply)).toHaveLength(0);

    // "Keep it" backs out without a request.
    await user.click(within(detail).getByRole('button', { name: 'Keep it' }));
    expect(within(detail).queryByTestId('google-reply-delete-confirm')).not.toBeInTheDocument();
    expect(backend.callsTo(API.deleteGoogleReply)).toHaveLength(0);

    await user.click(within(detail).getByTestId('google-reply-delete'));
    const listRequestsBefore = reviewRequests(backend).length;
    await user.click(within(detail).getByTestId('google-reply-delete-confirm'));

    await waitFor(() => expect(backend.callsTo(API.deleteGoogleReply, 'POST')).toHaveLength(1));
    expect(backend.callsTo(API.deleteGoogleReply, 'POST')[0]!.body).toEqual({ reviewId: '700001' });
    await waitFor(() => expect(reviewRequests(backend).length).toBeGreaterThan(listRequestsBefore));
    await waitFor(() => expect(within(detail).queryByTestId('google-reply')).not.toBeInTheDocument());
    expect(within(detail).getByTestId('reply-input')).toHaveValue('');
    const card = (await reviewItems()).find((item) => item.getAttribute('data-review-id') === '700001')!;
    await waitFor(() => expect(within(card).queryByText('Replied')).not.toBeInTheDocument());
  });

  it('shows the server message when the reply cannot be deleted, and keeps the reply', async () => {
    const { user } = setup(
      { reviews: feed },
      {
        path: `${PATHS.reviews}?review=700001`,
        handlers: [handle.deleteGoogleReply(() => reply.error(502, { message: 'Google did not answer; the reply was not deleted.' }))],
      },
    );
    const detail = await screen.findByTestId('review-detail');
    await user.click(await within(detail).findByTestId('google-reply-delete'));
    await user.click(within(detail).getByTestId('google-reply-delete-confirm'));

    expect(await within(detail).findByRole('alert')).toHaveTextContent('Google did not answer; the reply was not deleted.');
    expect(within(detail).getByTestId('google-reply')).toHaveTextContent('Thank you, Priya!');
  });

  it('shows a viewer the reply, with neither Edit nor Delete, and no composer', async () => {
    setup({ reviews: feed }, { path: `${PATHS.reviews}?review=700001`, rules: READ_ONLY_RULES });
    const detail = await screen.findByTestId('review-detail');
    expect(await within(detail).findByTestId('google-reply')).toHaveTextContent('Thank you, Priya!');
    expect(within(detail).queryByTestId('google-reply-edit')).not.toBeInTheDocument();
    expect(within(detail).queryByTestId('google-reply-delete')).not.toBeInTheDocument();
    expect(within(detail).queryByTestId('reply-input')).not.toBeInTheDocument();
  });

  it('tells a viewer of an unreplied Google review that their role may not reply', async () => {
    setup({ reviews: feed }, { path: `${PATHS.reviews}?review=700002`, rules: READ_ONLY_RULES });
    const detail = await screen.findByTestId('review-detail');
    expect(await within(detail).findByText('Your role can read reviews but not reply to them.')).toBeInTheDocument();
    expect(within(detail).queryByTestId('reply-input')).not.toBeInTheDocument();
  });

  it('lets an agent (create ReviewReply, no delete ReviewReply) edit the reply but not delete it', async () => {
    expect(AGENT_RULES).toContainEqual({ action: 'create', subject: 'ReviewReply' });
    expect(AGENT_RULES.some((rule) => rule.subject === 'ReviewReply' && (rule.action === 'delete' || rule.action === 'manage'))).toBe(false);
    const { user } = setup({ reviews: feed }, { path: `${PATHS.reviews}?review=700001`, rules: AGENT_RULES });
    const detail = await screen.findByTestId('review-detail');
    await within(detail).findByTestId('google-reply');
    expect(within(detail).queryByTestId('google-reply-delete')).not.toBeInTheDocument();
    await user.click(within(detail).getByTestId('google-reply-edit'));
    expect(within(detail).getByTestId('reply-input')).toHaveValue('Thank you, Priya!');
  });

  it('lets a role with delete ReviewReply but not create ReviewReply delete the reply, not edit it', async () => {
    const deleteOnly: TAbilityRule[] = [
      { action: 'read', subject: 'Review' },
      { action: 'delete', subject: 'ReviewReply' },
    ];
    setup({ reviews: feed }, { path: `${PATHS.reviews}?review=700001`, rules: deleteOnly });
    const detail = await screen.findByTestId('review-detail');
    await within(detail).findByTestId('google-reply');
    expect(within(detail).getByTestId('google-reply-delete')).toBeInTheDocument();
    expect(within(detail).queryByTestId('google-reply-edit')).not.toBeInTheDocument();
  });
});

describe('ReviewsPage, hardening', () => {
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

describe('ReviewsPage, keyboard and screen readers', () => {
  it('names each card by its reviewer, score, date, outlet, source and text, not only "Open the review by …"', async () => {
    setup();
    const [ravisCard, meenasCard, oldCard] = await reviewItems();

    const date = formatDate(ravi.createdTime, 'en');
    expect(within(ravisCard!).getByRole('button')).toHaveAccessibleName(
      `Ravi Kumar Rated 5 out of 5 ${date} · Paradise, Gachibowli · Facebook The biryani was excellent.`,
    );
    expect(within(meenasCard!).getByRole('button')).toHaveAccessibleName(
      `Meena Iyer Replied Rated 2 out of 5 ${formatDate(meena.createdTime, 'en')} · Paradise, Gachibowli · Facebook Cold food and a long wait.`,
    );
    // A recommendation instead of stars is announced too.
    expect(within(oldCard!).getByRole('button')).toHaveAccessibleName(/^Old Timer Recommends .+ · Bawarchi, Gachibowli · Facebook Best haleem in town\.$/);
  });

  it('keeps the KPI cards, with placeholders, while the KPIs load', async () => {
    setup({}, { handlers: [handle.reviewKpis(() => new Promise(() => undefined))] });
    await reviewItems();

    for (const testId of ['kpi-average-rating', 'kpi-review-count', 'kpi-response-rate', 'kpi-response-time', 'kpi-needs-reply']) {
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
