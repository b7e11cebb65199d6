import { OVERVIEW_API } from '@dinedesk/contracts/overview';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { getSocket } from '../../../lib/socket.ts';
import type { fakeSocket } from '../../../testing/fake-socket.ts';
import { OWNER_RULES, signInAs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { setViewportWidth } from '../../../testing/viewport.ts';
import { BANJARA, NOW, TAKEAWAY, overviewBackend } from '../testing/overview-backend.ts';
import OverviewPage from './overview-page.tsx';

// The shared socket is the fake of testing/fake-socket.ts, which the tests drive as the server.
vi.mock('../../../lib/socket.ts', async () => {
  const { fakeSocket } = await import('../../../testing/fake-socket.ts');
  const socket = fakeSocket();
  return { getSocket: () => Promise.resolve(socket), closeSocket: () => {} };
});
const serverSocket = async () => (await getSocket()) as unknown as ReturnType<typeof fakeSocket>;

function setup(opts: Parameters<typeof overviewBackend>[0] = {}, search = '') {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  setViewportWidth(1440);
  signInAs({ ability: OWNER_RULES, role: 'client_owner' });
  const backend = overviewBackend(opts);
  const view = renderWithProviders(<OverviewPage />, { path: `/${search}`, rules: OWNER_RULES });
  return { backend, user: userEvent.setup(), ...view };
}
afterEach(() => vi.useRealTimers());

const hrefOf = (testId: string) => screen.getByTestId(testId).getAttribute('href');

describe('Overview', () => {
  it('shows every figure of the period against the previous one, each a link to the screen filtered to what it counts', async () => {
    const { backend } = setup();
    expect(await screen.findByTestId('figure-rating-value')).toHaveTextContent('3.8');
    expect(backend.callsTo(OVERVIEW_API.overview, 'POST')[0]!.body).toEqual({ period: '30' });
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByTestId('figure-rating')).toHaveTextContent('−0.24 against the previous period');
    expect(screen.getByTestId('figure-new-reviews')).toHaveTextContent('15+2 against the previous period');
    expect(hrefOf('figure-rating')).toBe('/apps/reviews_and_complaints/reviews?from=2026-10-29&to=2026-11-27');
    expect(screen.getByTestId('figure-waiting-reviews-value')).toHaveTextContent('4');
    expect(hrefOf('figure-waiting-reviews')).toBe('/apps/reviews_and_complaints/reviews?needsReply=true');
    expect(hrefOf('figure-open-complaints')).toBe('/apps/reviews_and_complaints/complaints?status=open');
    expect(screen.getByTestId('figure-open-complaints')).toHaveTextContent('31 in progress');
    expect(hrefOf('figure-overdue-tickets')).toBe('/apps/reviews_and_complaints/tickets?view=open&breached=true');
    expect(screen.getByTestId('figure-due-soon-tickets')).toHaveTextContent('Tickets due within 4 hours1');
    expect(hrefOf('figure-due-soon-tickets')).toBe('/apps/reviews_and_complaints/tickets?view=open&dueSoon=true');
    expect(screen.getByTestId('figure-sales-value')).toHaveTextContent('£6,520.50');
    // Only one outlet has orders: Order insights opens on it, for the same days.
    expect(hrefOf('figure-orders')).toBe(`/apps/business-overview/order-insights?outlet=${TAKEAWAY}&from=2026-10-29&to=2026-11-27`);
  });

  it('lists the oldest waiting review, the conversation closing soonest with its countdown, and the ticket past its SLA', async () => {
    setup();
    const reviews = await screen.findByTestId('waiting-reviews');
    expect(reviews).toHaveTextContent('Priya S. · ★★ · Banjara Hills');
    expect(reviews).toHaveTextContent('Waiting 7 days — Cold biryani and a long wait.');
    expect(within(reviews).getByRole('link').getAttribute('href')).toBe(`/apps/reviews_and_complaints/reviews?outletId=${BANJARA}&needsReply=true&review=41`);
    // 12:00 now, the 24-hour window closes at 13:30.
    expect(screen.getByTestId('window-7')).toHaveTextContent('Closes in 1 hour');
    expect(within(screen.getByTestId('waiting-conversations')).getByRole('link').getAttribute('href')).toBe('/apps/reviews_and_complaints/inbox?channel=messenger&page=1020304050&conversation=7');
    expect(screen.getByTestId('sla-tickets')).toHaveTextContent('Overdue by 3 hours');
  });

  it('has a row per outlet whose figures link to that outlet, and says which has no order data', async () => {
    setup();
    const table = await screen.findByTestId('overview-outlets');
    expect(screen.getByTestId(`outlet-waiting-reviews-${TAKEAWAY}`).getAttribute('href')).toBe(`/apps/reviews_and_complaints/reviews?outletId=${TAKEAWAY}&needsReply=true`);
    expect(screen.getByTestId(`outlet-orders-${TAKEAWAY}`)).toHaveTextContent('310');
    expect(within(table).getByTestId(`outlet-row-${BANJARA}`)).toHaveTextContent('No order data');
  });

  it('follows the period and the outlet chosen, in the URL', async () => {
    const { backend, user, location } = setup();
    await screen.findByTestId('figure-rating-value');
    await user.click(screen.getByTestId('period-7'));
    expect(screen.getByTestId('period-7')).toHaveAttribute('aria-pressed', 'true');
    expect(new URLSearchParams(location.current?.search).get('period')).toBe('7');
    expect(backend.callsTo(OVERVIEW_API.overview, 'POST').at(-1)!.body).toEqual({ period: '7' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Outlet' }), 'Banjara Hills');
    expect(new URLSearchParams(location.current?.search).get('outletId')).toBe(BANJARA);
    expect(backend.callsTo(OVERVIEW_API.overview, 'POST').at(-1)!.body).toEqual({ period: '7', outletId: BANJARA });
    // The figures of one outlet link to that outlet.
    expect(await screen.findByTestId('figure-waiting-reviews')).toHaveAttribute('href', `/apps/reviews_and_complaints/reviews?outletId=${BANJARA}&needsReply=true`);
  });

  it('leaves out what the role may not read (orders without Business Overview)', async () => {
    setup({ orders: false });
    await screen.findByTestId('figure-rating-value');
    expect(screen.queryByTestId('figure-orders')).toBeNull();
    expect(screen.queryByTestId('figure-sales')).toBeNull();
    expect(within(screen.getByTestId('overview-outlets')).queryByText('Orders')).toBeNull();
  });

  it('updates live: a review change refetches it and the new figure shows', async () => {
    const { backend } = setup();
    expect(await screen.findByTestId('figure-waiting-reviews-value')).toHaveTextContent('4');
    backend.state.waiting = 5;
    const socket = await serverSocket();
    act(() => socket.fire('reviews:changed', { pageId: '1020304050', reviewId: '42', kind: 'review', verb: 'add' }));
    await waitFor(() => expect(screen.getByTestId('figure-waiting-reviews-value')).toHaveTextContent('6'));
    expect(backend.callsTo(OVERVIEW_API.overview, 'POST')).toHaveLength(2);
  });

  it('says in plain words, in the reader’s language, that Facebook no longer offers reviews to apps and since when', async () => {
    setup({ reviewsEnded: 2 });
    const notice = await screen.findByTestId('overview-reviews-ended');
    expect(notice).toHaveTextContent('Facebook no longer offers reviews to apps');
    expect(notice).toHaveTextContent(`Since ${formatDate('2027-01-21T06:00:00.000Z', 'en')}, Facebook answers on Graph API v22.0, which no longer includes Page reviews (2 Pages).`);
    await act(() => changeLanguage('pt'));
    try {
      expect(screen.getByTestId('overview-reviews-ended')).toHaveTextContent('O Facebook não oferece mais avaliações para apps');
      expect(screen.getByTestId('overview-reviews-ended')).toHaveTextContent(`Desde ${formatDate('2027-01-21T06:00:00.000Z', 'pt')}`);
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('has no such notice while Facebook still offers the reviews', async () => {
    setup();
    expect(await screen.findByTestId('overview-outlets')).toBeInTheDocument();
    expect(screen.queryByTestId('overview-reviews-ended')).not.toBeInTheDocument();
  });

  it('shows a failed call as its message with a retry', async () => {
    setup({ error: 500 });
    expect(await screen.findByText('The database is not answering')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
