/**
 * The profile screen against the real handler (`msw/node`; docs/requirements/data.md#profile-data
 * and calls.md): the header, every card, the posts with their counts; a like toggles the count; a
 * poll takes a vote.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import { createProfileDb } from './data.ts';
import { createProfileHandlers } from './handlers.ts';
import ProfileApp from './profile-app.tsx';

setupDemoServer(() => createProfileHandlers(memoryState(createProfileDb)));
beforeAll(() => i18n.loadNamespaces(['demo-profile']));

const PROFILE = createProfileDb().profile;

describe('/pages/profile', () => {
  it('shows the header, every card and the posts; likes toggle and polls take a vote', { timeout: 45_000 }, async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProfileApp />, { path: '/pages/profile' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kitty Allanson' })).toBeInTheDocument();
    expect(screen.getByText('UI/UX Designer')).toBeInTheDocument();
    for (const name of ['About', 'Suggested Pages', 'Twitter Feeds', 'Latest Photos', 'Suggestions', 'Polls']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    expect(within(screen.getByTestId('profile-about')).getByText('bucketful@fiendhead.org')).toBeInTheDocument();
    expect(within(screen.getByTestId('profile-latest-photos')).getAllByRole('img')).toHaveLength(9);

    const posts = screen.getAllByTestId('profile-post');
    expect(posts).toHaveLength(3);
    const second = PROFILE.post[1];
    if (!second) throw new Error('no second post');
    const post = posts[1] as HTMLElement;
    expect(post).toHaveAccessibleName(`Post by ${second.username}`);
    const like = within(post).getByTestId('profile-post-like');
    expect(like).toHaveAttribute('aria-pressed', 'false');
    const before = like.textContent;
    await user.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(like.textContent).not.toBe(before);
    await user.click(like);
    expect(like.textContent).toBe(before);

    const polls = screen.getByTestId('profile-polls');
    expect(within(polls).getByText('82%')).toBeInTheDocument();
    await user.click(within(polls).getByRole('radio', { name: 'RDJ' }));
    expect(within(polls).getByRole('status')).toHaveTextContent('You voted for RDJ.');
  });
});
