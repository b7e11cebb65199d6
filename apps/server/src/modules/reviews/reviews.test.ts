import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFbPage, TFbReview, TReview } from '@dinedesk/contracts';
import { DEFAULT_SEED_DIR, loadSeedDir, reviewSource } from '@dinedesk/demo-data';
import { bearer, startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
let owner: string; // Spice Route owner
let otherOwner: string; // Deccan Table owner
let pages: TFbPage[];
let otherPages: TFbPage[];

beforeAll(async () => {
  h = await startHarness();
  owner = await h.login('owner@spice-route.demo');
  otherOwner = await h.login('owner@deccan-table.demo');
  pages = (await get('/api/review_testing/get-fb-pages', owner)).json().data;
  otherPages = (await get('/api/review_testing/get-fb-pages', otherOwner)).json().data;
});
afterAll(() => h?.close());

function get(url: string, token?: string) {
  return h.get(url, token);
}
function post(url: string, payload: unknown, token?: string) {
  return h.post(url, token, payload);
}
async function allReviews(token: string, query: string): Promise<TFbReview[]> {
  const out: TFbReview[] = [];
  let cursor: string | null = null;
  do {
    const res = await get(`/api/review_testing/get-fb-reviews?${query}&limit=37${cursor ? `&cursor=${cursor}` : ''}`, token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: TFbReview[]; paging: { nextCursor: string | null } };
    out.push(...body.data);
    cursor = body.paging.nextCursor;
  } while (cursor);
  return out;
}
/** Reads a story's comments straight from the simulator's Graph API with the page token. */
const graphComments = (pageId: string, storyId: string) => h.storyComments(pageId, storyId);

describe('GET /api/review_testing/get-fb-pages', () => {
  it('lists the client’s pages, connected and synced from the Graph API', () => {
    expect(pages).toHaveLength(8);
    for (const p of pages) {
      expect(p.connected).toBe(true);
      expect(p.sync.status).toBe('ok');
      expect(p.reviewCount).toBeGreaterThan(0);
      expect(p.overallStarRating).toBeGreaterThan(0);
    }
    const otherIds = new Set(otherPages.map((p) => p.id));
    expect(pages.some((p) => otherIds.has(p.id))).toBe(false);
  });
  it('needs a token', async () => {
    expect((await get('/api/review_testing/get-fb-pages')).statusCode).toBe(401);
  });
});

describe('GET /api/review_testing/get-fb-reviews', () => {
  it('pages through every review of a page once, newest first', async () => {
    const page = pages[0]!;
    const all = await allReviews(owner, `pageId=${page.id}`);
    expect(all).toHaveLength(page.reviewCount);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    const times = all.map((r) => r.createdTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.every((r) => r.pageId === page.id)).toBe(true);
  });

  it('keeps real review text, names and times from the data set, on the source the review belongs to', async () => {
    const dhaba = pages.find((p) => p.name === '13 Dhaba')!;
    const feed = await post('/api/review_testing/get_reviews/get-reviews', { outletId: dhaba.outletId, q: 'good', limit: 100 }, owner);
    expect(feed.statusCode).toBe(200);
    const r = (feed.json().data as TReview[]).find((x) => x.reviewer.name === 'Ksaigoud' && x.text === 'good');
    const source = reviewSource(loadSeedDir(DEFAULT_SEED_DIR).reviews.find((x) => x.reviewerName === 'Ksaigoud' && x.text === 'good')!.reviewId);
    expect(r).toMatchObject({ source, rating: 5, createdTime: '2018-08-04T18:15:00.000Z', sentiment: 'positive' });
    // Only the Facebook half is on the Page.
    const onPage = (await allReviews(owner, `pageId=${dhaba.id}`)).some((x) => x.reviewer.name === 'Ksaigoud' && x.text === 'good');
    expect(onPage).toBe(source === 'facebook');
  });

  it('filters by rating, replied state and text', async () => {
    const fives = await allReviews(owner, 'rating=1');
    expect(fives.length).toBeGreaterThan(0);
    expect(fives.every((r) => r.rating === 1 && r.recommendationType === 'negative')).toBe(true);
    const found = (await get('/api/review_testing/get-fb-reviews?q=biryani&limit=50', owner)).json().data as TFbReview[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => /biryani/i.test(r.text))).toBe(true);
    const unreplied = (await get('/api/review_testing/get-fb-reviews?replied=false&limit=5', owner)).json().data as TFbReview[];
    expect(unreplied.every((r) => !r.replied)).toBe(true);
  });

  it('rejects bad input with 400 naming the field', async () => {
    const bad = await get('/api/review_testing/get-fb-reviews?cursor=bm9wZQ', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('query.cursor');
    const limit = await get('/api/review_testing/get-fb-reviews?limit=1000', owner);
    expect(limit.statusCode).toBe(400);
    expect(limit.json().field).toBe('query.limit');
    const rating = await get('/api/review_testing/get-fb-reviews?rating=9', owner);
    expect(rating.statusCode).toBe(400);
    expect(rating.json().message).toMatch(/rating/);
  });

  it('refuses another client’s page', async () => {
    const res = await get(`/api/review_testing/get-fb-reviews?pageId=${otherPages[0]!.id}`, owner);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/not found/);
  });

  it('limits an outlet manager to their outlet', async () => {
    const token = await h.login('outlet.manager@spice-route.demo');
    const mine = (await get('/api/review_testing/get-fb-pages', token)).json().data as TFbPage[];
    expect(mine).toHaveLength(1);
    const reviews = await allReviews(token, '');
    expect(reviews.length).toBe(mine[0]!.reviewCount);
    expect(reviews.every((r) => r.pageId === mine[0]!.id)).toBe(true);
    const notMine = pages.find((p) => p.id !== mine[0]!.id)!;
    expect((await get(`/api/review_testing/get-fb-reviews?pageId=${notMine.id}`, token)).statusCode).toBe(404);
  });
});

describe('comments and replies', () => {
  let page: TFbPage;
  let review: TFbReview;
  let oldReview: TFbReview | undefined;
  beforeAll(async () => {
    page = pages.find((p) => p.name === '13 Dhaba')!;
    const all = await allReviews(owner, `pageId=${page.id}`);
    review = all.find((r) => r.canReply)!;
    oldReview = (await allReviews(owner, '')).find((r) => !r.canReply);
  });

  it('reads comments live from the Graph API', async () => {
    h.sim.addGuestComment(review.storyId!, 'Ravi Kumar', 'Agreed, the dal was great');
    const res = await get(`/api/review_testing/get-fb-comments?pageId=${page.id}&reviewId=${review.id}`, owner);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.source).toBe('graph');
    expect(body.data).toEqual([expect.objectContaining({ message: 'Agreed, the dal was great', isPageReply: false, from: expect.objectContaining({ name: 'Ravi Kumar' }) })]);
  });

  it('edits and deletes the page’s own reply on Facebook; agents may edit, not delete; a guest’s comment is not the page’s', async () => {
    const all = await allReviews(owner, `pageId=${page.id}`);
    const target = all.filter((r) => r.canReply && r.id !== review.id)[1]!;
    const posted = (await post('/reply-fb-review', { pageId: page.id, reviewId: target.id, message: 'We are sorry the rotis were cold; the kitchen has changed how it keeps them warm.' }, owner)).json().comment as { id: string };
    const agent = await h.login('agent@spice-route.demo');
    const edited = await post('/api/review_testing/edit-fb-reply', { pageId: page.id, reviewId: target.id, commentId: posted.id, message: 'We are sorry the rotis were cold; they now come straight from the tandoor to your table.' }, agent);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().comment).toMatchObject({ id: posted.id, message: 'We are sorry the rotis were cold; they now come straight from the tandoor to your table.', authorName: expect.any(String) });
    expect((await graphComments(page.id, target.storyId!)).find((c) => c.id === posted.id)?.message).toBe('We are sorry the rotis were cold; they now come straight from the tandoor to your table.');
    // Agents may not delete; another client's owner does not see it; a guest's comment is not a page reply.
    expect((await post('/api/review_testing/delete-fb-reply', { pageId: page.id, reviewId: target.id, commentId: posted.id }, agent)).statusCode).toBe(403);
    expect((await post('/api/review_testing/delete-fb-reply', { pageId: page.id, reviewId: target.id, commentId: posted.id }, otherOwner)).statusCode).toBe(404);
    const guest = h.sim.addGuestComment(target.storyId!, 'Meena', 'Cold again last week');
    await get(`/api/review_testing/get-fb-comments?pageId=${page.id}&reviewId=${target.id}`, owner);
    const notOurs = await post('/api/review_testing/edit-fb-reply', { pageId: page.id, reviewId: target.id, commentId: guest!.id, message: 'changed' }, owner);
    expect(notOurs.statusCode).toBe(404);
    expect(notOurs.json().field).toBe('body.commentId');
    for (const [body, field] of [
      [{ pageId: page.id, reviewId: target.id, commentId: 'x', message: 'hi' }, 'body.commentId'],
      [{ pageId: page.id, reviewId: target.id, commentId: posted.id, message: '  ' }, 'body.message'],
      [{ pageId: page.id, reviewId: target.id, commentId: posted.id, message: 'x'.repeat(8001) }, 'body.message'],
    ] as const) {
      const res = await post('/api/review_testing/edit-fb-reply', body, owner);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const manager = await h.login('brand.manager@spice-route.demo');
    const deleted = await post('/api/review_testing/delete-fb-reply', { pageId: page.id, reviewId: target.id, commentId: posted.id }, manager);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await graphComments(page.id, target.storyId!)).some((c) => c.id === posted.id)).toBe(false);
    const thread = (await get(`/api/review_testing/get-fb-comments?pageId=${page.id}&reviewId=${target.id}`, owner)).json();
    expect(thread.data.some((c: { id: string }) => c.id === posted.id)).toBe(false);
    // Gone already: 404, nothing else changes.
    expect((await post('/api/review_testing/delete-fb-reply', { pageId: page.id, reviewId: target.id, commentId: posted.id }, owner)).statusCode).toBe(404);
  });

  it('publishes a reply as the page, visible through DineDesk and straight from the Graph API', async () => {
    const res = await post('/reply-fb-review', { pageId: page.id, reviewId: review.id, message: '  Thank you for visiting 13 Dhaba!  ' }, owner);
    expect(res.statusCode).toBe(200);
    const { comment } = res.json();
    expect(comment).toMatchObject({ message: 'Thank you for visiting 13 Dhaba!', isPageReply: true, authorName: 'Spice Route Hospitality Owner', from: { id: page.id } });
    const thread = (await get(`/api/review_testing/get-fb-comments?pageId=${page.id}&reviewId=${review.id}`, owner)).json();
    expect(thread.data.map((c: { message: string }) => c.message)).toEqual(['Agreed, the dal was great', 'Thank you for visiting 13 Dhaba!']);
    expect(thread.data[1].authorName).toBe('Spice Route Hospitality Owner');
    const graph = await graphComments(page.id, review.storyId!);
    expect(graph.map((c) => c.message)).toContain('Thank you for visiting 13 Dhaba!');
    const replied = (await allReviews(owner, `pageId=${page.id}&replied=true`)).map((r) => r.id);
    expect(replied).toContain(review.id);
  });

  it('rejects a missing, empty or oversized message with 400 naming the field, posting nothing', async () => {
    const before = (await graphComments(page.id, review.storyId!)).length;
    for (const message of [undefined, '', '   ', 'x'.repeat(8001)]) {
      const res = await post('/reply-fb-review', { pageId: page.id, reviewId: review.id, message }, owner);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('body.message');
      expect(res.json().message).toMatch(/message/);
    }
    expect((await graphComments(page.id, review.storyId!)).length).toBe(before);
  });

  it('answers 404 for an unknown review and for another client’s page, posting nothing', async () => {
    const unknown = await post('/reply-fb-review', { pageId: page.id, reviewId: '999999999', message: 'hi' }, owner);
    expect(unknown.statusCode).toBe(404);
    const before = (await graphComments(page.id, review.storyId!)).length;
    const foreign = await post('/reply-fb-review', { pageId: page.id, reviewId: review.id, message: 'not yours' }, otherOwner);
    expect(foreign.statusCode).toBe(404);
    expect((await graphComments(page.id, review.storyId!)).length).toBe(before);
    const crossed = await post('/reply-fb-review', { pageId: otherPages[0]!.id, reviewId: review.id, message: 'hi' }, owner);
    expect(crossed.statusCode).toBe(404);
  });

  it('refuses malformed JSON and an expired token', async () => {
    const bad = await h.server.app.inject({ method: 'POST', url: '/reply-fb-review', headers: { ...bearer(owner), 'content-type': 'application/json' }, payload: '{"pageId": "1",' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Request body is not valid JSON');
    h.clock.offsetMs = (h.config.accessTokenTtlSeconds + 1) * 1000;
    try {
      const res = await post('/reply-fb-review', { pageId: page.id, reviewId: review.id, message: 'late' }, owner);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Token has expired');
    } finally {
      h.clock.offsetMs = 0;
    }
  });

  it('refuses a viewer with 403', async () => {
    const viewer = await h.login('viewer@spice-route.demo');
    const res = await post('/reply-fb-review', { pageId: page.id, reviewId: review.id, message: 'hello' }, viewer);
    expect(res.statusCode).toBe(403);
  });

  it('runs the reply check first: warnings are a 422 naming them, with nothing posted', async () => {
    const target = (await allReviews(owner, `pageId=${page.id}`)).filter((r) => r.canReply)[1]!;
    const before = (await graphComments(page.id, target.storyId!)).length;
    const cases: [string, string][] = [
      ['Please call us on 98765 43210 and we will make it right.', 'contact_details'],
      ['Thank you for your review!', 'no_substance'],
      // The reply of the test above, on another review of the same outlet.
      ['Thank you for visiting 13 Dhaba', 'repeats_recent'],
    ];
    for (const [message, code] of cases) {
      const res = await post('/reply-fb-review', { pageId: page.id, reviewId: target.id, message }, owner);
      expect(res.statusCode, message).toBe(422);
      expect(res.json()).toMatchObject({ code: 'reply_check', field: 'body.message', warnings: [expect.objectContaining({ code })] });
    }
    expect((await graphComments(page.id, target.storyId!)).length).toBe(before);
  });

  it('lets an owner send anyway, recording the choice; an agent may not, and nothing is posted', async () => {
    const target = (await allReviews(owner, `pageId=${page.id}`)).filter((r) => r.canReply)[2]!;
    const message = 'Sorry about the wait: write to us at care@spice-route.in and we will call you back.';
    const agent = await h.login('agent@spice-route.demo');
    const before = (await graphComments(page.id, target.storyId!)).length;
    const refused = await post('/reply-fb-review', { pageId: page.id, reviewId: target.id, message, sendAnyway: true }, agent);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'reply_check_owner_only', warnings: [expect.objectContaining({ code: 'contact_details' })] });
    expect((await graphComments(page.id, target.storyId!)).length).toBe(before);
    const sent = await post('/reply-fb-review', { pageId: page.id, reviewId: target.id, message, sendAnyway: true }, owner);
    expect(sent.statusCode).toBe(200);
    expect((await graphComments(page.id, target.storyId!)).map((c) => c.message)).toContain(message);
    const { schema } = await import('../../db/client.ts');
    const { eq } = await import('drizzle-orm');
    const rows = await h.server.ctx.db.select().from(schema.auditLog).where(eq(schema.auditLog.target, `review:${target.id}`));
    expect(rows.map((r) => r.details)).toContainEqual(expect.objectContaining({ sentDespite: ['contact_details'] }));
    // A reply the check finds nothing in needs no choice.
    const plain = await post('/reply-fb-review', { pageId: page.id, reviewId: target.id, message: 'We have changed how we pack the naan since your visit.', sendAnyway: false }, agent);
    expect(plain.statusCode).toBe(200);
  });

  it('refuses a sendAnyway that is not true or false with 400 naming it', async () => {
    for (const sendAnyway of ['yes', 1, null, {}]) {
      const res = await post('/reply-fb-review', { pageId: page.id, reviewId: review.id, message: 'A reply', sendAnyway }, owner);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('body.sendAnyway');
    }
  });

  it('explains that reviews before August 2018 cannot be replied to', async () => {
    expect(oldReview).toBeDefined();
    const res = await post('/reply-fb-review', { pageId: oldReview!.pageId, reviewId: oldReview!.id, message: 'Thanks' }, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/August 2018/);
  });
});
