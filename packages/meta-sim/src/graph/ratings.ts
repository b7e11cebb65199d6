/**
 * Page ratings (Graph "Recommendation" objects),
 * docs/requirements/platform-apis.md#page-ratings-reviews-and-comments.
 *
 *   GET /{page-id}/ratings?fields=created_time,has_rating,has_review,rating,
 *       recommendation_type,review_text,reviewer{id,name},open_graph_story{id}&limit=&after=
 *
 * Needs a page token of that very Page (else 210) carrying `pages_read_user_content` (else
 * 283). Newest first, limit 25 by default, 100 at most. On versions ≥ the
 * `ratingsDeprecatedFrom` switch it answers code 12 (Recommendation deprecated on v22.0+).
 * The same list is reachable as a Page field: `/{page-id}?fields=ratings.limit(5){rating}`.
 */
import { pageTokenRequired, recommendationDeprecated, requiresPermission } from '../errors.ts';
import { type FieldSpec, fieldsParam, formatFields, specLimit } from '../fields.ts';
import { DEFAULT_LIMIT, MAX_LIMIT, parseLimit } from '../paging.ts';
import type { SimPage, SimRating } from '../seed.ts';
import { type GraphContext, type GraphModule, graphTime, hasScope, isPageToken, listEdge } from './core.ts';

/**
 * Fields answered when `fields` is absent. The reviewer is left out: real Graph returns the
 * reviewer only when asked for it explicitly.
 */
const DEFAULT_FIELDS = 'created_time,has_rating,has_review,rating,recommendation_type,review_text';

/** Recommendation type of a rating: negative only for 1–2 stars
 * (docs/requirements/platform-apis.md#page-ratings-reviews-and-comments). */
export function recommendationType(rating: number | null): 'positive' | 'negative' {
  return rating === null || rating >= 3 ? 'positive' : 'negative';
}

/** Permission and version checks shared by the edge and the field form. */
function assertCanReadRatings(ctx: GraphContext, page: SimPage): void {
  const gate = ctx.sim.switches.ratingsDeprecatedFrom;
  if (gate !== null && ctx.version >= gate) throw recommendationDeprecated(gate);
  if (!isPageToken(ctx.principal, page.id)) throw pageTokenRequired();
  if (!hasScope(ctx.principal, 'pages_read_user_content')) throw requiresPermission('pages_read_user_content');
}

function ratingsList(
  ctx: GraphContext,
  page: SimPage,
  specs: FieldSpec[] | undefined,
  limit: number,
  query: Record<string, string>,
  cursors: { after?: string | undefined; before?: string | undefined },
): { data: Record<string, unknown>[]; paging?: object } {
  assertCanReadRatings(ctx, page);
  return listEdge(ctx, {
    kind: 'Recommendation',
    items: page.ratings,
    keyOf: (r) => r.key,
    specs: specs ?? fieldsParam(DEFAULT_FIELDS),
    limit,
    ...cursors,
    path: `${page.id}/ratings`,
    query,
  });
}

/** Module: the Recommendation node type, the Page `ratings` edge and field. */
export const ratingsModule: GraphModule = {
  registerNodes(nodes) {
    nodes.define<SimRating>('Recommendation', {
      name: 'Recommendation',
      // Recommendations have no id of their own in Graph answers.
      hasId: false,
      defaultFields: DEFAULT_FIELDS,
      fields: {
        created_time: { get: (r) => graphTime(r.createdAt) },
        has_rating: { get: (r) => r.rating !== null },
        has_review: { get: (r) => r.text.trim() !== '' },
        rating: { get: (r) => r.rating ?? undefined },
        recommendation_type: { get: (r) => recommendationType(r.rating) },
        review_text: { get: (r) => r.text },
        reviewer: { node: 'Profile', get: (r) => r.reviewer },
        // Reviews made before Aug 2018 have no story: the field is left out entirely
        // (docs/requirements/platform-apis.md#page-ratings-reviews-and-comments).
        open_graph_story: { node: 'Story', get: (r, _s, ctx) => (r.storyId ? ctx.sim.seed.stories.get(r.storyId) : undefined) },
      },
    });
    nodes.extend<SimPage>('Page', {
      ratings: {
        edgeOf: 'Recommendation',
        get(page, spec, ctx) {
          const limit = Math.min(specLimit(spec) ?? DEFAULT_LIMIT, MAX_LIMIT);
          const query: Record<string, string> = { limit: String(limit) };
          if (spec.fields) query.fields = formatFields(spec.fields);
          return ratingsList(ctx, page, spec.fields, limit, query, {});
        },
      },
    });
  },

  routes: [
    {
      kind: 'Page',
      method: 'GET',
      edge: 'ratings',
      handle: (ctx, node) =>
        ratingsList(ctx, node.page, fieldsParam(ctx.params.fields), parseLimit(ctx.params.limit), ctx.params, {
          after: ctx.params.after,
          before: ctx.params.before,
        }),
    },
  ],
};
