/**
 * The comments feature as the app composes it: the mention bell in the navbar for
 * users who read reviews, and the internal comments section in the review detail, handed to the
 * reviews feature through `ReviewPanelsContext`. A mention opens its review, fetched by id when
 * the list does not hold it.
 */
import { API, type TAbilityRule } from '@dinedesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { commentsBackend, internalCommentFixture, mentionFixture } from '../features/comments/testing/comments-backend.ts';
import { reviewsBackend } from '../features/reviews/testing/reviews-backend.ts';
import { PATHS } from '../lib/paths.ts';
import { pageFixture, reviewFixture, signInAs } from '../testing/fixtures.ts';
import { renderApp, urlOf } from '../testing/render.tsx';
import { setViewportWidth } from '../testing/viewport.ts';

// No live events here (the feature's own tests drive them): the socket never connects.
vi.mock('../lib/socket.ts', () => ({
  getSocket: () => new Promise(() => {}),
  closeSocket: () => {},
}));

const ravi = reviewFixture();
/** Older than the first page of the feed: a mention's link has to fetch it by id. */
const farah = reviewFixture({ id: '400001', reviewer: { id: 'r-9', name: 'Farah Khan' }, text: 'Lovely kebabs, slow service.', createdTime: '2024-03-01T12:00:00.000Z' });
const newer = Array.from({ length: 20 }, (_, i) => reviewFixture({ id: String(510001 + i), reviewer: { id: `r-n${i}`, name: `Guest ${i + 1}` } }));

function backends() {
  const reviews = reviewsBackend({ pages: [pageFixture()], reviews: [ravi, ...newer, farah] });
  const comments = commentsBackend({
    comments: [
      internalCommentFixture({ reviewId: ravi.id, text: 'Refund sent.' }),
      internalCommentFixture({ id: '9010', reviewId: farah.id, text: '@Asha Rao the guest wants a call back.', mentions: [{ id: 'u-1', fullName: 'Asha Rao' }] }),
    ],
    notifications: [mentionFixture({ id: '7010', excerpt: '@Asha Rao the guest wants a call back.', review: { ...mentionFixture().review!, id: farah.id, reviewerName: 'Farah Khan' } })],
  });
  return { reviews, comments };
}

describe('the comments feature in the app', () => {
  it('shows the internal comments in the review detail and the bell in the navbar', async () => {
    setViewportWidth(1400);
    signInAs();
    backends();
    renderApp(`${PATHS.reviews}?review=${ravi.id}`);

    const detail = await screen.findByTestId('review-detail');
    const section = await within(detail).findByTestId('internal-comments');
    expect(await within(section).findByText('Refund sent.')).toBeInTheDocument();
    expect(within(section).getByTestId('internal-comment-input')).toBeInTheDocument();

    const navbar = screen.getByTestId('navbar');
    await waitFor(() => expect(within(navbar).getByTestId('mention-bell')).toHaveAccessibleName('Mentions, 1 unread'));
  });

  it('opens a mention’s review from the bell, fetched by id, with its internal thread', async () => {
    setViewportWidth(1400);
    signInAs();
    const { reviews, comments } = backends();
    const { location } = renderApp(PATHS.reviews);
    const user = userEvent.setup({ delay: null });

    await screen.findAllByTestId('review-item');
    await user.click(await screen.findByTestId('mention-bell'));
    const dialog = await screen.findByRole('dialog', { name: 'Mentions' });
    await user.click(await within(dialog).findByTestId('mention-open'));

    await waitFor(() => expect(urlOf(location)).toBe(`${PATHS.reviews}?review=${farah.id}`));
    const detail = await screen.findByTestId('review-detail');
    expect(await within(detail).findByText('Lovely kebabs, slow service.')).toBeInTheDocument();
    const section = await within(detail).findByTestId('internal-comments');
    expect(await within(section).findByTestId('mention')).toHaveTextContent('@Asha Rao');
    expect(reviews.callsTo(API.getReviews, 'POST').some((c) => (c.body as { reviewId?: string }).reviewId === farah.id)).toBe(true);
    expect(comments.data.notifications[0]?.status).toBe('read');
  });

  it('keeps the bell’s place from the first render', async () => {
    signInAs();
    backends();
    renderApp(PATHS.reviews);
    // The placeholder or the button, never nothing: the navbar does not move when it arrives.
    expect(screen.queryByTestId('mention-bell-placeholder') ?? screen.queryByTestId('mention-bell')).not.toBeNull();
    expect(await screen.findByTestId('mention-bell')).toBeInTheDocument();
  });

  it('shows no bell to users without the reviews module', async () => {
    const rules: TAbilityRule[] = [{ action: 'read', subject: 'Complaint' }];
    signInAs({ role: 'agent', ability: rules });
    backends();
    renderApp('/apps/reviews_and_complaints/complaints');
    expect(await screen.findByTestId('navbar')).toBeInTheDocument();
    expect(screen.queryByTestId('mention-bell-placeholder')).not.toBeInTheDocument();
    expect(screen.queryByTestId('mention-bell')).not.toBeInTheDocument();
  });
});
