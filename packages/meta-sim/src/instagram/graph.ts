/**
 * Instagram media and media insights on Graph
 * (docs/requirements/platform-apis.md#instagram-media-and-insights; docs/decisions/0035):
 *
 *   GET /{ig-user-id}/media?fields=id,caption,media_type,media_product_type,media_url,
 *       thumbnail_url,permalink,shortcode,timestamp,like_count,comments_count,username&limit=
 *   GET /{ig-user-id}/stories?fields=...          (live stories, < 24 h; not in /media)
 *   GET /{ig-media-id}?fields=...
 *   GET /{ig-media-id}/insights?metric=a,b,c[&period=lifetime]
 *
 * Access: a token acting for the Page the account is linked to (else 100/33, as for any object
 * the token cannot see), carrying `instagram_basic` (media) and `instagram_manage_insights`
 * (insights), else code 10.
 *
 * Insights rules, in this order:
 *   1. `metric` missing → 100; a deprecated metric (`impressions`, `plays`, `video_views`, …) →
 *      100; an unknown name → 100; a metric outside the media product type's matrix → 100 "(#100)
 *      The Media Insights API does not support the X metric for this media product type".
 *   2. A story older than 24 h is gone: 100/33.
 *   3. Reach below `MIN_AUDIENCE` → code 10 "(#10) Not enough viewers for the media to show
 *      insights".
 *   4. Younger than `INSIGHTS_LAG_HOURS`, or older than the 2-year retention → `{"data": []}`
 *      (empty, never zeros).
 *   5. Else one entry per metric in request order: `{name, period:"lifetime", values:[{value}],
 *      title, description, id:"{media}/insights/{name}/lifetime"}`.
 */
import { GraphError, instagramPermissionDenied, invalidParameter, unsupportedRequest } from '../errors.ts';
import { fieldsParam } from '../fields.ts';
import { parseLimit } from '../paging.ts';
import { type GraphContext, type GraphModule, graphTime, hasScope, listEdge, managesPage } from '../graph/core.ts';
import type { SimPage } from '../seed.ts';
import { simMediaUrl } from './cdn.ts';
import { DEPRECATED_METRICS, type InstagramWorld, MIN_AUDIENCE, type SimMedia, inLag, isLive, pastRetention } from './world.ts';

const DEFAULT_MEDIA_FIELDS = 'id';

/** Titles and descriptions Graph sends with each metric (wording close to Meta's). */
const METRIC_TEXT: Record<string, [string, string]> = {
  views: ['Views', 'The number of times your content was played or displayed.'],
  reach: ['Accounts reached', 'The number of unique accounts that have seen this content, at least once.'],
  likes: ['Likes', 'The number of likes on your post.'],
  comments: ['Comments', 'The number of comments on your post.'],
  shares: ['Shares', 'The number of shares of your post.'],
  saved: ['Saved', 'The number of saves of your post.'],
  total_interactions: ['Interactions', 'The number of likes, saves, comments and shares on your post minus the number of unlikes, unsaves and deleted comments.'],
  follows: ['Follows', 'The number of accounts that started following you.'],
  profile_visits: ['Profile visits', 'The number of times your profile was visited.'],
  profile_activity: ['Profile activity', 'The number of actions people take when they visit your profile after engaging with your post.'],
  ig_reels_avg_watch_time: ['Average watch time', 'The average amount of time spent playing the reel, in milliseconds.'],
  ig_reels_video_view_total_time: ['Watch time', 'The total amount of time the reel was played, including replays, in milliseconds.'],
  reels_skip_rate: ['Skip rate', 'The percentage of views in which the reel was skipped within the first 3 seconds.'],
  reposts: ['Reposts', 'The number of times the reel was reposted.'],
  replies: ['Replies', 'The number of replies to the story.'],
  navigation: ['Navigation', 'The total number of actions taken from your story: forward, back, next story and exited.'],
};

const notEnoughViewers = (): GraphError => new GraphError(10, '(#10) Not enough viewers for the media to show insights');
const unsupportedMetric = (metric: string): GraphError =>
  new GraphError(100, `(#100) The Media Insights API does not support the ${metric} metric for this media product type`);
const deprecatedMetric = (metric: string, instead: string): GraphError =>
  new GraphError(100, `(#100) The ${metric} metric is no longer supported; use ${instead} instead`);

/**
 * The media's file on the simulator's own CDN (cdn.ts), on the origin the caller reached it at:
 * the picture itself, or the video's cover for `thumbnail_url`. Meta names its CDN there; the
 * simulator names files it serves, so thumbnails load without the internet.
 */
function mediaUrl(ctx: GraphContext, m: SimMedia, thumbnail: boolean): string {
  return simMediaUrl(ctx.baseUrl, m, m.mediaType === 'VIDEO' && !thumbnail ? 'mp4' : 'png');
}

function assertCanRead(ctx: GraphContext, page: SimPage, id: string, scope: 'instagram_basic' | 'instagram_manage_insights'): void {
  if (!managesPage(ctx.principal, page.id)) throw unsupportedRequest(ctx.method, id);
  if (!hasScope(ctx.principal, 'instagram_basic')) throw instagramPermissionDenied('instagram_basic');
  if (scope === 'instagram_manage_insights' && !hasScope(ctx.principal, scope)) throw instagramPermissionDenied(scope);
}

/**
 * Answers `/{ig-media-id}/insights` by the rules of the file comment.
 * @throws GraphError 100, 100/33 or 10
 */
export function mediaInsights(ctx: GraphContext, world: InstagramWorld, m: SimMedia, page: SimPage): { data: Record<string, unknown>[] } {
  assertCanRead(ctx, page, m.id, 'instagram_manage_insights');
  const raw = ctx.params.metric;
  if (raw === undefined || raw.trim() === '') throw invalidParameter('The parameter metric is required');
  const period = ctx.params.period;
  if (period !== undefined && period !== 'lifetime') throw invalidParameter(`Invalid period ${period} for media insights: only lifetime is supported`);
  const metrics = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const allowed = world.matrix[m.productType];
  const known = new Set(Object.values(world.matrix).flat());
  for (const metric of metrics) {
    const instead = DEPRECATED_METRICS[metric];
    if (instead) throw deprecatedMetric(metric, instead);
    if (!known.has(metric)) throw invalidParameter(`metric[${metrics.indexOf(metric)}] must be one of the following values: ${[...known].join(', ')}`);
    if (!allowed.includes(metric)) throw unsupportedMetric(metric);
  }
  const now = ctx.sim.now();
  if (!isLive(m, now)) throw unsupportedRequest(ctx.method, m.id);
  if ((m.metrics.reach ?? 0) < MIN_AUDIENCE) throw notEnoughViewers();
  if (inLag(m, now) || pastRetention(m, now)) return { data: [] };
  return {
    data: metrics.map((name) => {
      const [title, description] = METRIC_TEXT[name] ?? [name, ''];
      return { name, period: 'lifetime', values: [{ value: m.metrics[name] ?? 0 }], title, description, id: `${m.id}/insights/${name}/lifetime` };
    }),
  };
}

/**
 * The module: the `InstagramMedia` node type, `/{ig-user-id}/media` and `/stories`, and
 * `/{ig-media-id}` with its `insights` edge.
 */
export function instagramMediaModule(world: InstagramWorld): GraphModule {
  const pageOf = (ctx: GraphContext, m: SimMedia): SimPage => {
    const page = ctx.sim.seed.pages.get(m.pageId);
    if (!page) throw unsupportedRequest(ctx.method, m.id);
    return page;
  };
  const list = (ctx: GraphContext, page: SimPage, edge: 'media' | 'stories') => {
    assertCanRead(ctx, page, page.instagramUserId, 'instagram_basic');
    const items = edge === 'media' ? world.feedOf(page.instagramUserId) : world.liveStoriesOf(page.instagramUserId, ctx.sim.now());
    return listEdge(ctx, {
      kind: 'InstagramMedia',
      items,
      keyOf: (m) => m.id,
      specs: fieldsParam(ctx.params.fields),
      limit: parseLimit(ctx.params.limit),
      after: ctx.params.after,
      before: ctx.params.before,
      path: `${page.instagramUserId}/${edge}`,
      query: ctx.params,
    });
  };
  return {
    registerNodes(nodes) {
      nodes.define<SimMedia>('InstagramMedia', {
        name: 'IGMedia',
        hasId: true,
        defaultFields: DEFAULT_MEDIA_FIELDS,
        fields: {
          id: { get: (m) => m.id },
          caption: { get: (m) => (m.caption ? m.caption : undefined) },
          media_type: { get: (m) => m.mediaType },
          media_product_type: { get: (m) => m.productType },
          media_url: { get: (m, _spec, ctx) => mediaUrl(ctx, m, false) },
          // Only videos have a cover image (Meta: "thumbnail_url … only available on VIDEO media").
          thumbnail_url: { get: (m, _spec, ctx) => (m.mediaType === 'VIDEO' ? mediaUrl(ctx, m, true) : undefined) },
          permalink: { get: (m) => `https://www.instagram.com/${m.productType === 'REELS' ? 'reel' : m.productType === 'STORY' ? `stories/${m.username}` : 'p'}/${m.productType === 'STORY' ? m.id : m.shortcode}/` },
          shortcode: { get: (m) => m.shortcode },
          timestamp: { get: (m) => graphTime(m.timestamp) },
          // Stories have no likes or comments: Graph leaves the fields out.
          like_count: { get: (m) => (m.productType === 'STORY' ? undefined : (m.metrics.likes ?? 0)) },
          comments_count: { get: (m) => (m.productType === 'STORY' ? undefined : (m.metrics.comments ?? 0)) },
          username: { get: (m) => m.username },
        },
      });
    },

    resolve(id) {
      const m = world.media.get(id);
      return m ? { kind: 'InstagramMedia', id, media: m } : undefined;
    },

    routes: [
      { kind: 'InstagramUser', method: 'GET', edge: 'media', handle: (ctx, node) => list(ctx, node.page, 'media') },
      { kind: 'InstagramUser', method: 'GET', edge: 'stories', handle: (ctx, node) => list(ctx, node.page, 'stories') },
      {
        kind: 'InstagramMedia',
        method: 'GET',
        edge: '',
        handle(ctx, node) {
          assertCanRead(ctx, pageOf(ctx, node.media), node.id, 'instagram_basic');
          if (!isLive(node.media, ctx.sim.now())) throw unsupportedRequest(ctx.method, node.id);
          return ctx.sim.nodes.project('InstagramMedia', node.media, ctx.sim.nodes.select('InstagramMedia', fieldsParam(ctx.params.fields)), ctx);
        },
      },
      { kind: 'InstagramMedia', method: 'GET', edge: 'insights', handle: (ctx, node) => mediaInsights(ctx, world, node.media, pageOf(ctx, node.media)) },
    ],
  };
}
