import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serializeMetaJson, signMetaPayload } from '@dinedesk/meta-sim';
import { REVIEW_SOCKET_EVENTS, type TConversation, type TFbPage, type TFbReview, type TReviewsChangedEvent } from '@dinedesk/contracts';
import { schema } from '../../db/client.ts';
import { GraphError } from '../../lib/graph-client.ts';
import { connectSocket, deliveryOutcome, startHarness, type Harness } from '../../test/harness.ts';
import { attachBadItemLog } from './bad-items.ts';
import * as reviewsRepo from './reviews.repository.ts';
import { replyHash } from './reviews.service.ts';

/**
 * reviews side: writes to Facebook that may or may not have landed (Idempotency-Key,
 * timeouts and read-back, for review replies and inbox sends), Page `feed` webhooks for
 * ratings and comments, and one bad row / item never poisoning a list or a loop.
 */

let h: Harness;
let owner: string;
let agent: string;
let pages: TFbPage[];
/** Replyable reviews not used by another test yet. */
let spare: TFbReview[];

const api = (method: 'GET' | 'POST', url: string, token: string, payload?: object, headers: Record<string, string> = {}) =>
  h.request(method, url, { token, payload, headers });
const replyReq = (r: TFbReview, message: string, key?: string) =>
  api('POST', '/reply-fb-review', owner, { pageId: r.pageId, reviewId: r.id, message }, key ? { 'idempotency-key': key } : {});
const nextReview = () => spare.shift()!;

/** Comments of a story straight from the simulator's Graph API, with the page token. */
const graphComments = (pageId: string, storyId: string) => h.storyComments(pageId, storyId);

async function reviewsOf(pageId: string): Promise<TFbReview[]> {
  const res = await api('GET', `/api/review_testing/get-fb-reviews?pageId=${pageId}&limit=100`, owner);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const socketFor = (token: string, extra: Record<string, unknown> = {}) => connectSocket(h.baseUrl, token, extra);

/** A warn-counting logger for the bad-item log. */
function countingLog() {
  const warnings: unknown[] = [];
  const log = { warn: (obj: unknown) => warnings.push(obj), info() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => log, level: 'warn', silent() {} };
  return { log: log as unknown as Parameters<typeof attachBadItemLog>[1], warnings };
}

beforeAll(async () => {
  h = await startHarness({ listen: true });
  owner = await h.login('owner@spice-route.demo');
  agent = await h.login('agent@spice-route.demo');
  pages = (await api('GET', '/api/review_testing/get-fb-pages', owner)).json().data;
  spare = [];
  for (const p of pages.slice(2)) spare.push(...(await reviewsOf(p.id)).filter((r) => r.canReply).slice(0, 3));
});
afterAll(() => h?.close());
afterEach(() => {
  vi.restoreAllMocks();
  h.sim.releaseHeldWrites();
});

describe('POST /reply-fb-review with an Idempotency-Key', () => {
  it('answers a retry with the first reply and posts once', async () => {
    const review = nextReview();
    const key = randomUUID();
    const first = await replyReq(review, 'Thank you, see you again soon!', key);
    expect(first.statusCode).toBe(200);
    const again = await replyReq(review, 'Thank you, see you again soon!', key);
    expect(again.statusCode).toBe(200);
    expect(again.json().comment).toEqual(first.json().comment);
    const onGraph = (await graphComments(review.pageId, review.storyId!)).filter((c) => c.message === 'Thank you, see you again soon!');
    expect(onGraph).toHaveLength(1);
  });

  it('posts once when two requests with one key arrive together', async () => {
    const review = nextReview();
    const key = randomUUID();
    const [a, b] = await Promise.all([replyReq(review, 'Glad you liked the dal!', key), replyReq(review, 'Glad you liked the dal!', key)]);
    expect([a.statusCode, b.statusCode].sort()).toContain(200);
    for (const r of [a, b]) expect([200, 409]).toContain(r.statusCode);
    const onGraph = (await graphComments(review.pageId, review.storyId!)).filter((c) => c.message === 'Glad you liked the dal!');
    expect(onGraph).toHaveLength(1);
    // Once the first finished, the key answers its reply.
    const later = await replyReq(review, 'Glad you liked the dal!', key);
    expect(later.statusCode).toBe(200);
    expect(later.json().comment.id).toBe(onGraph[0]!.id);
  });

  it('meets a key still in flight before the reply check: 409, not the check finding its own words', async () => {
    // The first request's reply is stored (as another review's reply, so the check would call
    // the words repeated) while its key is still pending: the second one must wait for it.
    const [first, second] = [nextReview(), nextReview()];
    const words = 'So glad the biryani hit the spot!';
    expect((await replyReq(first, words)).statusCode).toBe(200);
    const key = randomUUID();
    const clientId = (await h.server.ctx.db.select({ c: schema.reviews.clientId }).from(schema.reviews).where(sql`${schema.reviews.id} = ${Number(second.id)}`))[0]!.c;
    expect(await reviewsRepo.reserveReplyKey(h.server.ctx.db, { clientId, key, requestHash: replyHash(second.pageId, second.id, words), reviewId: Number(second.id) })).toBe(true);
    const inFlight = await replyReq(second, words, key);
    expect(inFlight.statusCode).toBe(409);
    expect(inFlight.json().code).toBe('idempotency_in_progress');
    const comment = { id: '1_stored_by_the_first', message: words, from: { id: second.pageId, name: 'Page' }, createdTime: new Date().toISOString(), isPageReply: true, authorName: 'Spice Route Hospitality Owner' };
    await reviewsRepo.finishReplyKey(h.server.ctx.db, clientId, key, comment);
    const answered = await replyReq(second, words, key);
    expect(answered.statusCode).toBe(200);
    expect(answered.json().comment).toEqual(comment);
  });

  it('refuses the same key with another body (422 naming the header), posting nothing', async () => {
    const review = nextReview();
    const key = randomUUID();
    expect((await replyReq(review, 'First words', key)).statusCode).toBe(200);
    const before = (await graphComments(review.pageId, review.storyId!)).length;
    const other = await replyReq(review, 'Other words', key);
    expect(other.statusCode).toBe(422);
    expect(other.json().field).toBe('Idempotency-Key');
    expect((await graphComments(review.pageId, review.storyId!)).length).toBe(before);
    const badKey = await replyReq(review, 'First words', 'not ascii é');
    expect(badKey.statusCode).toBe(400);
  });

  it('answers 400 naming reviewId for an id of 19 or more digits', async () => {
    const review = spare[0]!;
    for (const id of ['9223372036854775808', '99999999999999999999']) {
      const res = await api('POST', '/reply-fb-review', owner, { pageId: review.pageId, reviewId: id, message: 'hi' });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('body.reviewId');
      const comments = await api('GET', `/api/review_testing/get-fb-comments?pageId=${review.pageId}&reviewId=${id}`, owner);
      expect(comments.statusCode).toBe(400);
    }
  });
});

describe('a reply whose Graph call times out', () => {
  beforeAll(() => {
    // The simulator holds the answer until released, so this timeout always fires first.
    h.server.ctx.graph.options.timeoutMs = 1500;
  });
  afterAll(() => {
    h.server.ctx.graph.options.timeoutMs = undefined;
  });

  it('landed: answers success with the landed comment, stores it, and a retry posts nothing more', async () => {
    const review = nextReview();
    const key = randomUUID();
    h.sim.setWriteFault({ mode: 'apply_then_hang', edge: 'comments', times: 1 });
    const res = await replyReq(review, 'Thanks for the kind words!', key);
    expect(res.statusCode).toBe(200);
    const onGraph = (await graphComments(review.pageId, review.storyId!)).filter((c) => c.message === 'Thanks for the kind words!');
    expect(onGraph).toHaveLength(1);
    expect(res.json().comment).toMatchObject({ id: onGraph[0]!.id, isPageReply: true, authorName: 'Spice Route Hospitality Owner' });
    h.sim.releaseHeldWrites();
    const retry = await replyReq(review, 'Thanks for the kind words!', key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().comment.id).toBe(onGraph[0]!.id);
    expect((await graphComments(review.pageId, review.storyId!)).filter((c) => c.message === 'Thanks for the kind words!')).toHaveLength(1);
    const listed = (await reviewsOf(review.pageId)).find((r) => r.id === review.id)!;
    expect(listed.replied).toBe(true);
  });

  it('not landed: says Facebook did not accept it, then the retry posts once', async () => {
    const review = nextReview();
    const key = randomUUID();
    h.sim.setWriteFault({ mode: 'hang', edge: 'comments', times: 1 });
    const res = await replyReq(review, 'We are sorry about the wait.', key);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/did not accept the reply/);
    expect(res.json().message).toMatch(/not on the review/);
    expect(h.sim.releaseHeldWrites()).toBe(1);
    expect((await graphComments(review.pageId, review.storyId!)).filter((c) => c.message === 'We are sorry about the wait.')).toHaveLength(0);
    const retry = await replyReq(review, 'We are sorry about the wait.', key);
    expect(retry.statusCode).toBe(200);
    expect((await graphComments(review.pageId, review.storyId!)).filter((c) => c.message === 'We are sorry about the wait.')).toHaveLength(1);
  });

  it('read-back failed: says it is unknown, keeps the key, and the retry finds the reply instead of posting again', async () => {
    const review = nextReview();
    const key = randomUUID();
    h.sim.setWriteFault({ mode: 'apply_then_hang', edge: 'comments', times: 1 });
    const graph = h.server.ctx.graph;
    const readBack = vi.spyOn(graph, 'paginate').mockImplementation(() => {
      throw new GraphError('Facebook could not be reached: read-back refused', 0, -1, null, 'NetworkError', null);
    });
    const res = await replyReq(review, 'Hope to host you again.', key);
    expect(res.statusCode).toBe(504);
    expect(res.json().message).toMatch(/could not check whether the reply was posted/);
    expect(res.json().message).not.toMatch(/did not accept/);
    readBack.mockRestore();
    h.sim.releaseHeldWrites();
    const retry = await replyReq(review, 'Hope to host you again.', key);
    expect(retry.statusCode).toBe(200);
    const onGraph = (await graphComments(review.pageId, review.storyId!)).filter((c) => c.message === 'Hope to host you again.');
    expect(onGraph).toHaveLength(1);
    expect(retry.json().comment.id).toBe(onGraph[0]!.id);
  });
});

describe('an inbox send whose Graph call times out', () => {
  let page: { id: string };
  const freshConversation = async (): Promise<TConversation> => {
    const sent = h.sim.guestMessage({ pageId: page.id, channel: 'messenger', text: 'Is there parking nearby?' });
    await h.flushWebhooks();
    const list = (await api('GET', `/api/messenger/pages/${page.id}/conversations?limit=50`, agent)).json().data as TConversation[];
    return list.find((c) => c.guest.id === sent.guestId)!;
  };
  const simCount = (conv: TConversation) => h.sim.conversations(page.id, 'messenger').find((c) => c.guestId === conv.guest.id)!.messageCount;
  const send = (conv: TConversation, text: string, key: string) =>
    api('POST', `/api/messenger/pages/${page.id}/conversations/${conv.id}/messages`, agent, { text }, { 'idempotency-key': key });

  beforeAll(() => {
    page = pages[0]!;
    h.server.ctx.graph.options.timeoutMs = 1500;
  });
  afterAll(() => {
    h.server.ctx.graph.options.timeoutMs = undefined;
  });

  it('landed: answers the landed message as sent, and a retry sends nothing more', async () => {
    const conv = await freshConversation();
    const before = simCount(conv);
    const key = randomUUID();
    h.sim.setWriteFault({ mode: 'apply_then_hang', edge: 'messages', times: 1 });
    const res = await send(conv, 'Yes, right behind the restaurant.', key);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ text: 'Yes, right behind the restaurant.', direction: 'page' });
    h.sim.releaseHeldWrites();
    expect(simCount(conv)).toBe(before + 1);
    const retry = await send(conv, 'Yes, right behind the restaurant.', key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().message.id).toBe(res.json().message.id);
    expect(simCount(conv)).toBe(before + 1);
  });

  it('not landed: says Facebook did not accept it, then the retry sends once', async () => {
    const conv = await freshConversation();
    const before = simCount(conv);
    const key = randomUUID();
    h.sim.setWriteFault({ mode: 'hang', edge: 'messages', times: 1 });
    const res = await send(conv, 'There is street parking too.', key);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/did not accept the message/);
    h.sim.releaseHeldWrites();
    expect(simCount(conv)).toBe(before);
    const retry = await send(conv, 'There is street parking too.', key);
    expect(retry.statusCode).toBe(200);
    expect(simCount(conv)).toBe(before + 1);
  });
});

describe('Page feed webhooks for ratings and comments', () => {
  it('stores a new rating and a comment on it as they happen, and tells open screens', async () => {
    const page = pages[1]!;
    const socket = await socketFor(owner);
    const seen: TReviewsChangedEvent[] = [];
    socket.on(REVIEW_SOCKET_EVENTS.changed, (e: TReviewsChangedEvent) => seen.push(e));
    try {
      const rated = h.sim.addGuestRating({ pageId: page.id, name: 'Asha Rao', rating: 4, text: 'Lovely biryani and quick service' });
      await h.flushWebhooks();
      const review = (await reviewsOf(page.id)).find((r) => r.storyId === rated.storyId);
      expect(review).toMatchObject({ text: 'Lovely biryani and quick service', rating: 4, reviewer: { name: 'Asha Rao' }, commentCount: 0, canReply: true });

      h.sim.addGuestComment(rated.storyId, 'Vikram S', 'Agreed, the biryani is the best here');
      await h.flushWebhooks();
      // The counter moved without anyone opening the comments (no live Graph read).
      const after = (await reviewsOf(page.id)).find((r) => r.id === review!.id)!;
      expect(after.commentCount).toBe(1);
      await vi.waitFor(() => expect(seen.map((e) => `${e.kind}:${e.verb}`)).toEqual(['review:add', 'comment:add']));
      expect(seen[1]).toEqual({ pageId: page.id, reviewId: review!.id, kind: 'comment', verb: 'add' });
    } finally {
      socket.close();
    }
  });

  it('acknowledges other feed items (status, photo, reaction) with 200 and stores nothing', async () => {
    const page = pages[1]!;
    const before = (await reviewsOf(page.id)).length;
    const body = serializeMetaJson({
      object: 'page',
      entry: [
        {
          id: page.id,
          time: Math.floor(Date.now() / 1000),
          changes: [
            { field: 'feed', value: { item: 'status', verb: 'add', post_id: `${page.id}_1`, message: 'We are open late today' } },
            { field: 'feed', value: { item: 'photo', verb: 'add', post_id: `${page.id}_2`, link: 'https://example.com/p.jpg' } },
            { field: 'feed', value: { item: 'reaction', verb: 'add', post_id: `${page.id}_3`, reaction_type: 'like' } },
            { field: 'feed', value: { item: 'rating', verb: 'add', created_time: 1e20, review_text: 'impossible time', reviewer_id: '5', open_graph_story_id: `${page.id}_4` } },
            { field: 'feed', value: 'not an object' },
          ],
        },
      ],
    });
    const res = await h.server.app.inject({
      method: 'POST',
      url: '/api/webhooks/meta',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signMetaPayload(h.config.graph.appSecret, body) },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    await h.settle();
    expect((await deliveryOutcome(h, res)).skipped).toBeGreaterThanOrEqual(5);
    expect((await reviewsOf(page.id)).length).toBe(before);
  });
});

describe('one bad row or item never poisons a list or a loop', () => {
  it('cleans a NUL from a comment Facebook returns, instead of answering 500 on every load', async () => {
    const review = nextReview();
    h.sim.addGuestComment(review.storyId!, 'Nul Guest', 'Great\u0000 food\u0007!');
    for (let i = 0; i < 2; i++) {
      const res = await api('GET', `/api/review_testing/get-fb-comments?pageId=${review.pageId}&reviewId=${review.id}`, owner);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((c: { message: string }) => c.message)).toContain('Great food!');
    }
  });

  it('skips a stored comment row the API cannot answer, logs it once, and lists the others', async () => {
    const review = nextReview();
    h.sim.addGuestComment(review.storyId!, 'Meera', 'Best dosa in town');
    expect((await api('GET', `/api/review_testing/get-fb-comments?pageId=${review.pageId}&reviewId=${review.id}`, owner)).statusCode).toBe(200);
    const [row] = await h.server.ctx.db.select({ clientId: schema.reviews.clientId }).from(schema.reviews).where(sql`${schema.reviews.id} = ${Number(review.id)}`);
    await h.server.ctx.db.execute(
      sql`insert into review_comments (id, review_id, client_id, message, from_id, from_name, is_page_reply, created_time) values ('planted_bad_1', ${Number(review.id)}, ${row!.clientId}, 'from the far future', '1', 'X', false, '20000-01-01 00:00:00+00')`,
    );
    const { log, warnings } = countingLog();
    attachBadItemLog(h.server.ctx, log);
    // Facebook down: the stored copy (with the planted row) is what answers.
    vi.spyOn(h.server.ctx.graph, 'paginate').mockImplementation(() => {
      throw new GraphError('down', 500, 2, null, 'OAuthException', null);
    });
    for (let i = 0; i < 2; i++) {
      const res = await api('GET', `/api/review_testing/get-fb-comments?pageId=${review.pageId}&reviewId=${review.id}`, owner);
      expect(res.statusCode).toBe(200);
      expect(res.json().source).toBe('cache');
      expect(res.json().data.map((c: { message: string }) => c.message)).toEqual(['Best dosa in town']);
    }
    expect(warnings.filter((w) => (w as { id: string }).id === 'planted_bad_1')).toHaveLength(1);
  });

  it('skips a stored review row the API cannot answer and lists the others', async () => {
    const page = pages[3]!;
    const all = async () => {
      const out: TFbReview[] = [];
      let cursor: string | null = null;
      do {
        const res = await api('GET', `/api/review_testing/get-fb-reviews?pageId=${page.id}&limit=37${cursor ? `&cursor=${cursor}` : ''}`, owner);
        expect(res.statusCode).toBe(200);
        out.push(...res.json().data);
        cursor = res.json().paging.nextCursor;
      } while (cursor);
      return out;
    };
    const before = await all();
    const [p] = await h.server.ctx.db.select().from(schema.facebookPages).where(sql`${schema.facebookPages.id} = ${page.id}`);
    await h.server.ctx.db.execute(
      sql`insert into reviews (client_id, outlet_id, page_id, external_key, reviewer_id, reviewer_name, recommendation_type, review_text, created_time) values (${p!.clientId}, ${p!.outletId}, ${page.id}, 'planted-bad-review', '1', 'Time Traveller', 'positive', 'from the far future', '20000-01-01 00:00:00+00')`,
    );
    const after = await all();
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
  });

  it('syncs the usable ratings when one is unusable, cleaning Meta text before storage', async () => {
    const page = pages[4]!;
    const graph = h.server.ctx.graph;
    const original = graph.paginate.bind(graph);
    vi.spyOn(graph, 'paginate').mockImplementation(async function* (path, params, token, maxPages) {
      let first = true;
      for await (const batch of original(path, params, token, maxPages)) {
        if (path.endsWith('/ratings') && first) {
          first = false;
          yield [
            ...batch,
            { created_time: 'yesterday-ish', review_text: 'no usable time', reviewer: { id: '70', name: 'A' }, open_graph_story: { id: `${page.id}_70` } },
            { review_text: 42 },
            null,
            { created_time: '2024-05-01T10:00:00+0000', rating: 5, review_text: 'Great\u0000 food', reviewer: { id: '77', name: 'Nul\u0001 Name' }, open_graph_story: { id: `${page.id}_77` } },
          ] as never;
        } else yield batch;
      }
    });
    const res = await api('POST', '/api/review_testing/sync-fb-reviews', owner, { pageId: page.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().page.sync.status).toBe('ok');
    expect(res.json().fetched).toBe(page.reviewCount + 1);
    const cleaned = (await reviewsOf(page.id)).find((r) => r.storyId === `${page.id}_77`);
    expect(cleaned).toMatchObject({ text: 'Great food', reviewer: { name: 'Nul Name' } });
  });

  it('goes on with the other pages when one page’s sync throws, and says so on that page', async () => {
    const [broken, healthy] = [pages[5]!, pages[6]!];
    const graph = h.server.ctx.graph;
    const original = graph.get.bind(graph);
    vi.spyOn(graph, 'get').mockImplementation((path, params, token) => {
      if (path === broken.id) throw new TypeError('planted failure');
      return original(path, params, token);
    });
    const started = new Date();
    // Through the queue, as the periodic sync runs: one job per page, so one page's failure
    // (retried with backoff) never holds up the others.
    await h.server.syncOnce({ force: true });
    const now = (await api('GET', '/api/review_testing/get-fb-pages', owner)).json().data as TFbPage[];
    expect(now.find((p) => p.id === broken.id)!.sync).toMatchObject({ status: 'failed', message: expect.stringMatching(/planted failure/) });
    expect(new Date(now.find((p) => p.id === healthy.id)!.sync.lastSyncedAt!).getTime()).toBeGreaterThanOrEqual(started.getTime() - 1000);
  });
});

describe('the sync tick after a connect or another sync', () => {
  const jobCount = async (name: string) => Number((await h.server.ctx.database.executeSql('SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1', [name])).rows[0]!.n);
  const queues = ['reviews.sync-page', 'inbox.sync-page'];
  const counts = async () => Promise.all(queues.map(jobCount));
  /** Sends the sync tick as the start does and waits until it has queued its page jobs (not until they ran). */
  const tick = async (force = false) => {
    await h.server.syncOnce({ wait: false, force });
    await h.server.ctx.jobs.whenIdle(['sync.tick'], 300_000);
  };

  it('does not queue again a page queued in the last minute (the start syncs once); one queued earlier, or force, is queued', { timeout: 900_000 }, async () => {
    await h.server.ctx.jobs.whenIdle(undefined, 300_000);
    // Every page's last sync was queued two minutes ago: the next tick syncs them all.
    await h.server.ctx.database.executeSql(`UPDATE pgboss.job SET created_on = now() - interval '2 minutes' WHERE name = ANY($1::text[])`, [queues]);
    const before = await counts();
    await tick();
    const first = await counts();
    // Every connected page of every client (this owner's among them), once in each queue.
    const synced = first[0]! - before[0]!;
    expect(synced).toBeGreaterThanOrEqual(pages.length);
    expect(first[1]! - before[1]!).toBe(synced);
    // Seconds later (the start's connect, then its tick): nothing is queued a second time.
    await tick();
    expect(await counts()).toEqual(first);
    // An explicit sync of everything still syncs everything (once the first round is done:
    // a page whose job still waits keeps that one job, policy stately).
    await h.server.ctx.jobs.whenIdle(undefined, 300_000);
    await tick(true);
    const forced = await counts();
    expect(forced[0]! - first[0]!).toBe(synced);
  });
});
