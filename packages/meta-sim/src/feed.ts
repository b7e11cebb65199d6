/**
 * Guest ratings and comments made through the control API, and the Page `feed` webhook changes
 * they send (docs/requirements/platform-apis.md#feedratings-envelope; Graph "Webhooks for Pages",
 * field `feed`, items `rating` and `comment`):
 *
 *   {object:'page', entry:[{id: pageId, time, changes:[{field:'feed', value:{item:'rating',
 *     verb:'add', post_id, open_graph_story_id, rating, review_text, recommendation_type,
 *     reviewer_id, reviewer_name, from:{id,name}, created_time: epoch s}}]}]}
 *   {... value:{item:'comment', verb:'add', comment_id, post_id, parent_id, from:{id,name},
 *     message, created_time: epoch s}}
 *
 * Ratings also go out on the `ratings` field (`{field:'ratings', value:{item:'rating', verb:
 * 'add'|'edit'|'remove', open_graph_story_id, created_time: epoch s, reviewer_id, reviewer_name,
 * rating, review_text, recommendation_type}}`), the one Meta documents for reviews.
 * A change is delivered only when the Page subscribed the app to its field (subscribed_apps).
 * Added ratings live in the persisted state (`PersistedState.ratings`) and are put back into
 * the seeded Pages at start, so a restart keeps them like the comments.
 */
import { fbUserIdFor } from '@dinedesk/demo-data';
import type { SimCore } from './graph/core.ts';
import { recommendationType } from './graph/ratings.ts';
import type { Seed, SimRating } from './seed.ts';
import type { CommentRecord, StateStore } from './state.ts';

/** A rating added through the control API, as persisted. */
export interface AddedRatingRecord {
  key: string;
  pageId: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  rating: number | null;
  text: string;
  reviewer: { id: string; name: string };
  storyId: string;
}

/** `POST /__sim/guest-rating` body. */
export interface GuestRatingInput {
  pageId: string;
  /** Reviewer's display name. */
  name: string;
  /** 1..5 stars, or null for a recommendation without stars. */
  rating: number | null;
  text?: string;
}

/** A control-API input the simulator refuses (HTTP 400 or 404). */
export class FeedInputError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
    this.name = 'FeedInputError';
  }
}

/** Puts a rating into its Page (newest first) and its story into the story index. */
function place(seed: Seed, r: AddedRatingRecord): SimRating | undefined {
  const page = seed.pages.get(r.pageId);
  if (!page) return undefined;
  const rating: SimRating = { key: r.key, pageId: r.pageId, createdAt: new Date(r.createdAt), rating: r.rating, text: r.text, reviewer: r.reviewer, storyId: r.storyId };
  page.ratings.unshift(rating);
  page.ratings.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.key.localeCompare(b.key));
  const rated = page.ratings.filter((x) => x.rating !== null);
  page.ratingCount = rated.length;
  page.overallStarRating = rated.length ? Math.round((rated.reduce((s, x) => s + (x.rating ?? 0), 0) / rated.length) * 10) / 10 : null;
  seed.stories.set(r.storyId, { id: r.storyId, pageId: r.pageId, rating });
  return rating;
}

/** Puts the persisted added ratings back into a freshly built seed (at start). */
export function restoreAddedRatings(seed: Seed, store: StateStore): void {
  for (const r of store.state.ratings ?? []) place(seed, r);
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Queues a `feed` change for the Page when it subscribed the app to `feed`. */
function publishFeed(sim: SimCore, pageId: string, kind: string, value: Record<string, unknown>): void {
  if (!sim.inbox.subscription(pageId)?.includes('feed')) return;
  sim.webhooks.publish({ object: 'page', entryId: pageId, field: 'feed', kind, item: value });
}

/**
 * Sends a rating's change to the Page's subscribers: the `ratings` field (Graph "Webhooks for
 * Pages" reference, field `ratings`: https://developers.facebook.com/docs/graph-api/webhooks/reference/page/#ratings)
 * when the Page subscribed the app to it, else the `feed` item `rating` when subscribed to `feed`
 * (one delivery per change, so a subscriber of both is not told twice).
 * @param verb `add`, `edit` or `remove` (Meta's verbs of the `ratings` field)
 */
function publishRating(sim: SimCore, r: AddedRatingRecord, verb: 'add' | 'edit' | 'remove'): void {
  const fields = sim.inbox.subscription(r.pageId) ?? [];
  const created = seconds(new Date(r.createdAt));
  const value: Record<string, unknown> = {
    item: 'rating',
    verb,
    open_graph_story_id: r.storyId,
    created_time: created,
    reviewer_id: r.reviewer.id,
    reviewer_name: r.reviewer.name,
    ...(verb !== 'remove'
      ? { ...(r.rating !== null ? { rating: r.rating } : {}), review_text: r.text, recommendation_type: recommendationType(r.rating) }
      : {}),
  };
  // Once, on `ratings` when subscribed to it (the field Meta documents for reviews), else as a `feed` item.
  if (fields.includes('ratings')) sim.webhooks.publish({ object: 'page', entryId: r.pageId, field: 'ratings', kind: 'rating', item: value });
  else if (fields.includes('feed')) publishFeed(sim, r.pageId, 'rating', { ...value, post_id: r.storyId, from: r.reviewer });
}

/** The added rating with this story id (only ratings added through the control API can change). */
function addedRating(sim: SimCore, storyId: string): AddedRatingRecord {
  if (typeof storyId !== 'string' || !storyId) throw new FeedInputError(400, 'storyId must be a string');
  const record = (sim.store.state.ratings ?? []).find((r) => r.storyId === storyId);
  if (!record) throw new FeedInputError(404, `no rating added through the simulator with story ${storyId}`);
  return record;
}

/**
 * The guest edits a rating they added (text and/or stars): the `ratings` change `verb: edit`.
 * @throws FeedInputError 404 unknown story (or a seeded rating), 400 bad rating or text
 */
export function editGuestRating(sim: SimCore, input: { storyId: string; rating?: number | null; text?: string }): { storyId: string } {
  const record = addedRating(sim, input.storyId);
  if (input.rating !== undefined && input.rating !== null && !(Number.isInteger(input.rating) && input.rating >= 1 && input.rating <= 5)) {
    throw new FeedInputError(400, 'rating must be an integer from 1 to 5, or null');
  }
  if (input.text !== undefined && typeof input.text !== 'string') throw new FeedInputError(400, 'text must be a string');
  if (input.rating !== undefined) record.rating = input.rating;
  if (input.text !== undefined) record.text = input.text;
  const page = sim.seed.pages.get(record.pageId);
  if (page) {
    page.ratings = page.ratings.filter((x) => x.key !== record.key);
    place(sim.seed, record);
  }
  sim.store.save();
  publishRating(sim, record, 'edit');
  return { storyId: record.storyId };
}

/**
 * The guest removes a rating they added: gone from `/{page-id}/ratings`, `ratings` change `verb: remove`.
 * @throws FeedInputError 404 unknown story (or a seeded rating)
 */
export function removeGuestRating(sim: SimCore, storyId: string): { storyId: string } {
  const record = addedRating(sim, storyId);
  sim.store.state.ratings = (sim.store.state.ratings ?? []).filter((r) => r !== record);
  const page = sim.seed.pages.get(record.pageId);
  if (page) {
    page.ratings = page.ratings.filter((x) => x.key !== record.key);
    const rated = page.ratings.filter((x) => x.rating !== null);
    page.ratingCount = rated.length;
    page.overallStarRating = rated.length ? Math.round((rated.reduce((s, x) => s + (x.rating ?? 0), 0) / rated.length) * 10) / 10 : null;
  }
  sim.seed.stories.delete(record.storyId);
  sim.store.save();
  publishRating(sim, record, 'remove');
  return { storyId };
}

/**
 * A guest rates a Page now: the rating appears first on `/{page-id}/ratings` with an Open Graph
 * story (so it can be commented on), and the `feed` change `item: rating, verb: add` is sent.
 * @throws FeedInputError 404 unknown Page, 400 bad name, rating or text
 */
export function addGuestRating(sim: SimCore, input: GuestRatingInput): { key: string; storyId: string; pageId: string } {
  const page = sim.seed.pages.get(input.pageId);
  if (!page) throw new FeedInputError(404, `no Page with id ${input.pageId}`);
  if (typeof input.name !== 'string' || !input.name.trim()) throw new FeedInputError(400, 'name must not be empty');
  if (input.rating !== null && !(Number.isInteger(input.rating) && input.rating >= 1 && input.rating <= 5)) throw new FeedInputError(400, 'rating must be an integer from 1 to 5, or null');
  const text = input.text ?? '';
  if (typeof text !== 'string') throw new FeedInputError(400, 'text must be a string');
  const state = sim.store.state;
  const seq = (state.nextRatingSeq ?? 1) as number;
  state.nextRatingSeq = seq + 1;
  const key = `sim-rating-${seq}`;
  // Story ids are `{pageId}_{n}`
  // (docs/requirements/platform-apis.md#page-ratings-reviews-and-comments); 9… keeps them apart
  // from the seeded ones.
  const storyId = `${page.id}_${(9n * 10n ** 14n + BigInt(seq)).toString()}`;
  const now = sim.now();
  const record: AddedRatingRecord = { key, pageId: page.id, createdAt: now.toISOString(), rating: input.rating, text, reviewer: { id: fbUserIdFor(input.name), name: input.name }, storyId };
  state.ratings = [...(state.ratings ?? []), record];
  place(sim.seed, record);
  sim.store.save();
  publishRating(sim, record, 'add');
  return { key, storyId, pageId: page.id };
}

/** Sends the `feed` change `item: comment, verb: add` of a guest's new comment on a review story. */
export function publishGuestComment(sim: SimCore, comment: CommentRecord): void {
  const story = sim.seed.stories.get(comment.storyId);
  if (!story) return;
  publishFeed(sim, story.pageId, 'comment', {
    item: 'comment',
    verb: 'add',
    comment_id: comment.id,
    post_id: comment.storyId,
    parent_id: comment.parentId ?? comment.storyId,
    from: comment.from,
    message: comment.message,
    created_time: seconds(new Date(comment.createdAt)),
  });
}
