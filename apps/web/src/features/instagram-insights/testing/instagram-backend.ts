/**
 * An in-memory stand-in for `POST /api/instagram-media-insights` for the screen's tests, through
 * the contract handler (`handle.instagramMediaInsights`, checked against
 * `@dinedesk/contracts/instagram`). It filters by kind and minimum and sorts like the server, so
 * the tests see what a choice in the URL does.
 */
import { INSTAGRAM_METRICS, type TInstagramAccount, type TInstagramInsightsResponse, type TInstagramMediaItem, type TMetricValues } from '@dinedesk/contracts/instagram';
import { mockApi } from '../../../testing/api-server.ts';
import { handle, reply } from '../../../testing/contract-handlers.ts';

export const ACCOUNTS: TInstagramAccount[] = [
  { pageId: '106471159014542', pageName: '13 Dhaba', igUserId: '17841400000000001', username: '13_dhaba.hyd', outletId: '0b7e5d3c-1a2b-4c3d-8e4f-000000000001' },
  { pageId: '106471159014543', pageName: 'Paradise', igUserId: '17841400000000002', username: 'paradise.hyd', outletId: '0b7e5d3c-1a2b-4c3d-8e4f-000000000002' },
];

const values = (v: Partial<TMetricValues>): TMetricValues => ({ ...(Object.fromEntries(INSTAGRAM_METRICS.map((m) => [m, null])) as TMetricValues), ...v });
const item = (id: string, kind: TInstagramMediaItem['kind'], postedAt: string, metrics: Partial<TMetricValues>, extra: Partial<TInstagramMediaItem> = {}): TInstagramMediaItem => ({
  id,
  kind,
  caption: `Fresh out of the kitchen: ${id} at 13 Dhaba.`,
  permalink: `https://www.instagram.com/p/${id}/`,
  thumbnailUrl: `https://scontent.cdninstagram.com/v/t51.29350-15/${id}_n.jpg`,
  postedAt,
  metrics: values(metrics),
  status: 'ok',
  message: null,
  unavailableMetrics: [],
  fetchedAt: '2026-11-27T08:00:00.000Z',
  ...extra,
});

/** The account's media: a reel with watch time, an image, an album that Graph refused shares for, a tiny-audience image, a story. */
export const ITEMS: TInstagramMediaItem[] = [
  item('reel1', 'REELS', '2026-11-20T10:00:00.000Z', { views: 9100, reach: 4200, likes: 310, comments: 22, shares: 40, saved: 51, total_interactions: 423, ig_reels_avg_watch_time: 7400, ig_reels_video_view_total_time: 67_340_000 }),
  item('image1', 'IMAGE', '2026-11-10T10:00:00.000Z', { views: 2100, reach: 1500, likes: 120, comments: 9, shares: 6, saved: 14, total_interactions: 149 }),
  item('album1', 'CAROUSEL_ALBUM', '2026-10-01T10:00:00.000Z', { views: 3300, reach: 2600, likes: 200, comments: 15, saved: 20, total_interactions: 235 }, { unavailableMetrics: ['shares'] }),
  item('tiny1', 'IMAGE', '2026-09-01T10:00:00.000Z', {}, { status: 'not_enough_viewers', message: 'Not enough viewers yet: Instagram shows insights once more people have seen it.' }),
  item('story1', 'STORY', '2026-11-27T02:00:00.000Z', { views: 500, reach: 410, replies: 3, shares: 2, total_interactions: 5 }),
];

function totalsOf(items: TInstagramMediaItem[]) {
  const totals = { ...values({}), posts: items.length };
  for (const i of items) for (const m of INSTAGRAM_METRICS) if (i.metrics[m] !== null) totals[m] = (totals[m] ?? 0) + i.metrics[m]!;
  return totals;
}

export interface InstagramBackendData {
  accounts?: TInstagramAccount[];
  items?: TInstagramMediaItem[];
  /** Answer with this status instead. */
  error?: number;
  refreshing?: boolean;
}

export function instagramBackend(data: InstagramBackendData = {}) {
  const accounts = data.accounts ?? ACCOUNTS;
  return mockApi(
    handle.instagramMediaInsights(({ body }) => {
      if (data.error) return reply.error(data.error, { message: 'The database is not answering' });
      const account = accounts.find((a) => a.pageId === body.pageId) ?? accounts[0] ?? null;
      let items = account ? [...(data.items ?? ITEMS)] : [];
      if (body.types?.length) items = items.filter((i) => body.types!.includes(i.kind));
      if (body.metric && body.min !== undefined) items = items.filter((i) => (i.metrics[body.metric!] ?? -1) >= body.min!);
      const sign = body.order === 'asc' ? 1 : -1;
      const sort = body.sort ?? 'date';
      items.sort((a, b) => {
        if (sort === 'date') return sign * a.postedAt.localeCompare(b.postedAt);
        const x = a.metrics[sort];
        const y = b.metrics[sort];
        if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
        return sign * (x - y);
      });
      const totals = totalsOf(items);
      const answer: TInstagramInsightsResponse = {
        accounts,
        account,
        period: { from: body.from ?? '2025-11-28', to: body.to ?? '2026-11-27' },
        bucket: 'month',
        fetchedAt: account ? '2026-11-27T08:00:00.000Z' : null,
        refreshing: data.refreshing ?? false,
        refreshError: null,
        items,
        totals,
        trend: [
          { start: '2026-09-01', ...totalsOf(items.filter((i) => i.postedAt.startsWith('2026-09'))) },
          { start: '2026-10-01', ...totalsOf(items.filter((i) => i.postedAt.startsWith('2026-10'))) },
          { start: '2026-11-01', ...totalsOf(items.filter((i) => i.postedAt.startsWith('2026-11'))) },
        ],
      };
      return answer;
    }),
  );
}
