import { INSTAGRAM_API } from '@dinedesk/contracts/instagram';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OWNER_RULES, signInAs } from '../../../testing/fixtures.ts';
import { renderWithProviders, urlOf } from '../../../testing/render.tsx';
import { setViewportWidth } from '../../../testing/viewport.ts';
import { ACCOUNTS, instagramBackend, type InstagramBackendData } from '../testing/instagram-backend.ts';
import { InstagramInsightsPage } from './instagram-insights-page.tsx';

const PATH = '/apps/digital-marketing/instagram-insights';

function setup(data: InstagramBackendData = {}, search = '') {
  setViewportWidth(1440);
  signInAs({ ability: OWNER_RULES, role: 'client_owner' });
  const backend = instagramBackend(data);
  const view = renderWithProviders(<InstagramInsightsPage />, { path: `${PATH}${search}`, rules: OWNER_RULES });
  return { backend, ...view, user: userEvent.setup() };
}

const ids = () => screen.getAllByTestId('media-item').map((i) => i.getAttribute('data-id'));
const lastBody = (backend: ReturnType<typeof setup>['backend']) => backend.callsTo(INSTAGRAM_API.mediaInsights, 'POST').at(-1)!.body as Record<string, unknown>;

describe('InstagramInsightsPage', () => {
  it('shows the grid with each item’s metrics, watch time for reels, and plain-word problems per item', async () => {
    const { backend } = setup();
    const grid = await screen.findByRole('list', { name: 'Media of @13_dhaba.hyd' });
    expect(ids()).toEqual(['story1', 'reel1', 'image1', 'album1', 'tiny1']);
    expect(lastBody(backend)).toMatchObject({ sort: 'date', order: 'desc', metric: 'reach' });
    const reel = within(grid).getAllByTestId('media-item')[1]!;
    expect(within(reel).getByTestId('media-kind')).toHaveTextContent('Reel');
    expect(within(reel).getByTestId('metric-reach')).toHaveTextContent('Reach4,200');
    expect(within(reel).getByTestId('metric-ig_reels_video_view_total_time')).toHaveTextContent('Watch time18.7 h');
    expect(within(reel).getByTestId('metric-ig_reels_avg_watch_time')).toHaveTextContent('Average watch time7.4 s');
    // A story shows the story's metrics: replies, not likes.
    const story = within(grid).getAllByTestId('media-item')[0]!;
    expect(within(story).getByTestId('metric-replies')).toHaveTextContent('3');
    expect(within(story).queryByTestId('metric-likes')).toBeNull();
    // Per-item problems, in plain words; the grid is whole.
    const tiny = within(grid).getAllByTestId('media-item')[4]!;
    expect(within(tiny).getByTestId('media-status')).toHaveTextContent('Not enough viewers yet');
    expect(within(tiny).getByTestId('metric-reach')).toHaveTextContent('—');
    const album = within(grid).getAllByTestId('media-item')[3]!;
    expect(within(album).getByTestId('metric-shares')).toHaveTextContent('Metric not available for this media type');
    // Totals and the trend, with its table.
    expect(screen.getByTestId('total-posts')).toHaveTextContent('5');
    expect(screen.getByTestId('total-reach')).toHaveTextContent('8,710');
    expect(screen.getByRole('img', { name: 'Line chart of Reach per month, 3 points.' })).toBeInTheDocument();
    expect(screen.getByTestId('instagram-fetched')).toHaveTextContent('Read from Instagram');
  }, 45_000);

  it('sorts by a metric and filters by type, keeping the choices in the URL', async () => {
    const { backend, user, location } = setup();
    await screen.findByTestId('media-grid');
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Reach' }));
    await waitFor(() => expect(ids()).toEqual(['reel1', 'album1', 'image1', 'story1', 'tiny1']));
    expect(lastBody(backend)).toMatchObject({ sort: 'reach', order: 'desc' });
    expect(urlOf(location)).toContain('sort=reach');

    await user.click(screen.getByTestId('type-REELS'));
    await waitFor(() => expect(ids()).toEqual(['reel1']));
    expect(lastBody(backend)).toMatchObject({ types: ['REELS'], sort: 'reach' });
    expect(screen.getByTestId('type-REELS')).toHaveAttribute('aria-pressed', 'true');
    expect(urlOf(location)).toContain('type=REELS');
    await user.click(screen.getByTestId('type-all'));
    await waitFor(() => expect(ids()).toHaveLength(5));
  }, 45_000);

  it('opens with the choices of the URL: period, account, metric minimum and order', async () => {
    const { backend } = setup({}, `?account=${ACCOUNTS[1]!.pageId}&period=30&sort=likes&order=asc&metric=likes&min=150`);
    await screen.findByTestId('media-grid');
    const body = lastBody(backend);
    expect(body).toMatchObject({ pageId: ACCOUNTS[1]!.pageId, sort: 'likes', order: 'asc', metric: 'likes', min: 150 });
    const days = (Date.parse(`${String(body.to)}T00:00:00Z`) - Date.parse(`${String(body.from)}T00:00:00Z`)) / 86_400_000;
    expect(days).toBe(29);
    expect(ids()).toEqual(['album1', 'reel1']);
    expect(screen.getByRole('combobox', { name: 'Instagram account' })).toHaveTextContent('@paradise.hyd · Paradise');
  });

  it('says so when no Instagram account is connected, and when the call fails', async () => {
    setup({ accounts: [] });
    expect(await screen.findByTestId('instagram-no-account')).toHaveTextContent('No Instagram account is connected yet');
  });

  it('shows the server’s refusal with a retry', async () => {
    setup({ error: 500 });
    const error = await screen.findByTestId('instagram-error');
    expect(error).toHaveTextContent('The insights could not be loaded');
    expect(within(error).getByRole('button')).toBeInTheDocument();
  });
});
