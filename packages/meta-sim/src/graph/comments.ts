/**
 * Comments on review stories and replies to them
 * (docs/requirements/platform-apis.md#page-ratings-reviews-and-comments; Graph reference
 * "Object/comments", "Comment").
 *
 *   GET  /{story-id|comment-id}                   the story / comment (fields)
 *   GET  /{story-id}/comments?fields=&order=chronological|reverse_chronological
 *        &filter=toplevel|stream&summary=true&limit=&after=
 *   POST /{story-id}/comments  message=...         → {"id":"{storyNumericPart}_{n}"}
 *   GET/POST /{comment-id}/comments                replies (one level, as on Facebook)
 *   POST /{comment-id}  message=...                the Page edits its own comment → {"success":true}
 *   DELETE /{comment-id}                           the Page deletes a comment on its post (and its replies)
 *
 * Reading needs a token acting for the story's Page (its page token, or an admin's user
 * token); others get 100/33, as for an object they cannot see. Posting needs that Page's own
 * page token with `pages_manage_engagement`, else 200; the comment is then from the Page.
 */
import { invalidParameter, missingMessage, permissionsError, unsupportedRequest } from '../errors.ts';
import { type FieldSpec, fieldsParam, formatFields, specLimit, specSummary } from '../fields.ts';
import { DEFAULT_LIMIT, MAX_LIMIT, parseLimit } from '../paging.ts';
import type { SimStory } from '../seed.ts';
import type { CommentRecord } from '../state.ts';
import { type GraphContext, type GraphModule, type SimCore, graphTime, hasScope, isPageToken, listEdge, managesPage } from './core.ts';

const COMMENT_DEFAULT_FIELDS = 'created_time,from,message,id';

type Order = 'chronological' | 'reverse_chronological';

/** The comment list of a story (top level or stream) or the replies of a comment. */
interface CommentTarget {
  /** Node id the edge hangs off (story or comment id), for `paging.next`. */
  id: string;
  storyId: string;
  /** Comment whose replies are listed; null lists the story's comments. */
  parentId: string | null;
}

function storyOf(ctx: GraphContext, storyId: string): SimStory {
  const story = ctx.sim.seed.stories.get(storyId);
  if (!story) throw new Error(`comment references unknown story ${storyId}`);
  return story;
}

/** @throws GraphError 100/33 when the token does not act for the story's Page. */
function assertCanRead(ctx: GraphContext, story: SimStory, objectId: string): void {
  if (!managesPage(ctx.principal, story.pageId)) throw unsupportedRequest(ctx.method, objectId);
}

function parseOrder(raw: string | undefined): Order {
  if (raw === undefined || raw === '' || raw === 'chronological') return 'chronological';
  if (raw === 'reverse_chronological') return 'reverse_chronological';
  throw invalidParameter('Param order must be one of {CHRONOLOGICAL, REVERSE_CHRONOLOGICAL}');
}

function parseFilter(raw: string | undefined): 'toplevel' | 'stream' {
  if (raw === undefined || raw === '' || raw === 'toplevel') return 'toplevel';
  if (raw === 'stream') return 'stream';
  throw invalidParameter('Param filter must be one of {TOPLEVEL, STREAM}');
}

function commentsList(
  ctx: GraphContext,
  target: CommentTarget,
  opts: {
    specs: FieldSpec[] | undefined;
    limit: number;
    order: Order;
    filter: 'toplevel' | 'stream';
    summary: boolean;
    query: Record<string, string>;
    after?: string | undefined;
    before?: string | undefined;
  },
): object {
  const all = ctx.sim.store.commentsOfStory(target.storyId);
  const chosen = all.filter((c) =>
    target.parentId !== null ? c.parentId === target.parentId : opts.filter === 'stream' || c.parentId === null,
  );
  const ordered = opts.order === 'chronological' ? chosen : [...chosen].reverse();
  const list = listEdge(ctx, {
    kind: 'Comment',
    items: ordered,
    keyOf: (c) => c.id,
    specs: opts.specs,
    limit: opts.limit,
    after: opts.after,
    before: opts.before,
    path: `${target.id}/comments`,
    query: opts.query,
  });
  return opts.summary ? { ...list, summary: { order: opts.order, total_count: chosen.length, can_comment: true } } : list;
}

/** Edge-as-field form: `comments.limit(2).summary(true){message}` on a story or comment. */
function commentsField(ctx: GraphContext, target: CommentTarget, spec: FieldSpec): object {
  const limit = Math.min(specLimit(spec) ?? DEFAULT_LIMIT, MAX_LIMIT);
  const summary = specSummary(spec);
  const order = parseOrder(spec.modifiers.order);
  const filter = parseFilter(spec.modifiers.filter);
  const query: Record<string, string> = { limit: String(limit), order, filter };
  if (spec.fields) query.fields = formatFields(spec.fields);
  if (summary) query.summary = 'true';
  return commentsList(ctx, target, { specs: spec.fields, limit, order, filter, summary, query });
}

function commentsEdge(ctx: GraphContext, target: CommentTarget): object {
  const summary = ctx.params.summary === 'true' || ctx.params.summary === '1';
  return commentsList(ctx, target, {
    specs: fieldsParam(ctx.params.fields),
    limit: parseLimit(ctx.params.limit),
    order: parseOrder(ctx.params.order),
    filter: parseFilter(ctx.params.filter),
    summary,
    query: ctx.params,
    after: ctx.params.after,
    before: ctx.params.before,
  });
}

/**
 * Posts a comment as the Page.
 * @throws GraphError 200 unless the token is that Page's page token with
 *   `pages_manage_engagement`; 100 "Missing message or attachment" for an empty message
 */
function postComment(ctx: GraphContext, story: SimStory, parentId: string | null): { id: string } {
  const p = ctx.principal;
  if (p.type !== 'PAGE' || !isPageToken(p, story.pageId) || !hasScope(p, 'pages_manage_engagement')) throw permissionsError();
  const message = ctx.params.message ?? '';
  if (message.trim() === '') throw missingMessage();
  const record = ctx.sim.store.addComment(story.id, parentId, { id: p.page.id, name: p.page.name }, message, ctx.sim.now());
  return { id: record.id };
}

/**
 * `POST /{comment-id}` `message=…`: the Page edits its own comment (Graph "Comment" updating:
 * only the author may; needs the Page's token with `pages_manage_engagement`) → `{success: true}`.
 */
function editComment(ctx: GraphContext, comment: CommentRecord): { success: true } {
  const story = storyOf(ctx, comment.storyId);
  const p = ctx.principal;
  if (p.type !== 'PAGE' || !isPageToken(p, story.pageId) || !hasScope(p, 'pages_manage_engagement') || comment.from.id !== p.page.id) throw permissionsError();
  const message = ctx.params.message ?? '';
  if (message.trim() === '') throw missingMessage();
  ctx.sim.store.editComment(comment.id, message);
  return { success: true };
}

/**
 * `DELETE /{comment-id}`: the Page deletes a comment on its own post (its replies go with it);
 * needs the Page's token with `pages_manage_engagement` → `{success: true}`.
 */
function deleteComment(ctx: GraphContext, comment: CommentRecord): { success: true } {
  const story = storyOf(ctx, comment.storyId);
  const p = ctx.principal;
  if (p.type !== 'PAGE' || !isPageToken(p, story.pageId) || !hasScope(p, 'pages_manage_engagement')) throw permissionsError();
  ctx.sim.store.deleteComment(comment.id);
  return { success: true };
}

/** Module: Story and Comment node types, their `comments` edges and fields. */
export const commentsModule: GraphModule = {
  registerNodes(nodes) {
    nodes.define<SimStory>('Story', {
      name: 'Post',
      hasId: true,
      defaultFields: 'created_time,message,id',
      fields: {
        id: { get: (s) => s.id },
        created_time: { get: (s) => graphTime(s.rating.createdAt) },
        message: { get: (s) => s.rating.text || undefined },
        from: { node: 'Profile', get: (s) => s.rating.reviewer },
        comments: { edgeOf: 'Comment', get: (s, spec, ctx) => commentsField(ctx, { id: s.id, storyId: s.id, parentId: null }, spec) },
      },
    });
    nodes.define<CommentRecord>('Comment', {
      name: 'Comment',
      hasId: true,
      defaultFields: COMMENT_DEFAULT_FIELDS,
      fields: {
        id: { get: (c) => c.id },
        message: { get: (c) => c.message },
        from: { node: 'Profile', get: (c) => c.from },
        created_time: { get: (c) => graphTime(new Date(c.createdAt)) },
        parent: { node: 'Comment', get: (c, _s, ctx) => (c.parentId ? ctx.sim.store.comment(c.parentId) : undefined) },
        comment_count: {
          get: (c, _s, ctx) => ctx.sim.store.commentsOfStory(c.storyId).filter((r) => r.parentId === c.id).length,
        },
        // Facebook allows one level of replies: replies themselves cannot be replied to.
        can_comment: { get: (c) => c.parentId === null },
        is_hidden: { get: () => false },
        comments: { edgeOf: 'Comment', get: (c, spec, ctx) => commentsField(ctx, { id: c.id, storyId: c.storyId, parentId: c.id }, spec) },
      },
    });
  },

  resolve(id, sim) {
    const story = sim.seed.stories.get(id);
    if (story) return { kind: 'Story', id, story };
    const comment = sim.store.comment(id);
    if (comment) return { kind: 'Comment', id, comment };
    return undefined;
  },

  routes: [
    {
      kind: 'Story',
      method: 'GET',
      edge: '',
      handle(ctx, node) {
        assertCanRead(ctx, node.story, node.id);
        return ctx.sim.nodes.project('Story', node.story, ctx.sim.nodes.select('Story', fieldsParam(ctx.params.fields)), ctx);
      },
    },
    {
      kind: 'Story',
      method: 'GET',
      edge: 'comments',
      handle(ctx, node) {
        assertCanRead(ctx, node.story, node.id);
        return commentsEdge(ctx, { id: node.id, storyId: node.id, parentId: null });
      },
    },
    { kind: 'Story', method: 'POST', edge: 'comments', handle: (ctx, node) => postComment(ctx, node.story, null) },
    {
      kind: 'Comment',
      method: 'GET',
      edge: '',
      handle(ctx, node) {
        assertCanRead(ctx, storyOf(ctx, node.comment.storyId), node.id);
        return ctx.sim.nodes.project('Comment', node.comment, ctx.sim.nodes.select('Comment', fieldsParam(ctx.params.fields)), ctx);
      },
    },
    {
      kind: 'Comment',
      method: 'GET',
      edge: 'comments',
      handle(ctx, node) {
        assertCanRead(ctx, storyOf(ctx, node.comment.storyId), node.id);
        return commentsEdge(ctx, { id: node.id, storyId: node.comment.storyId, parentId: node.comment.id });
      },
    },
    { kind: 'Comment', method: 'POST', edge: '', handle: (ctx, node) => editComment(ctx, node.comment) },
    { kind: 'Comment', method: 'DELETE', edge: '', handle: (ctx, node) => deleteComment(ctx, node.comment) },
    {
      kind: 'Comment',
      method: 'POST',
      edge: 'comments',
      // A reply to a reply joins the same thread, as on Facebook.
      handle: (ctx, node) => postComment(ctx, storyOf(ctx, node.comment.storyId), node.comment.parentId ?? node.comment.id),
    },
  ],
};

/**
 * Adds a comment by a guest (a Facebook user, not the Page) to a review story: the control
 * API's way to make the Page's inbox show new comments.
 * @returns the new comment, or undefined when the story does not exist
 */
export function addGuestComment(
  sim: Pick<SimCore, 'store' | 'seed' | 'now'>,
  storyId: string,
  from: { id: string; name: string },
  message: string,
): CommentRecord | undefined {
  if (!sim.seed.stories.has(storyId)) return undefined;
  return sim.store.addComment(storyId, null, from, message, sim.now());
}
