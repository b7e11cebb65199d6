import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TComplaint, TComplaintDetail, TComplaintResponse, TConversation, TInboxPage, TListComplaintsResponse, TReview } from '@dinedesk/contracts';
import { startHarness, type Harness } from '../../test/harness.ts';
import { detectForOutlet } from './complaints.service.ts';

/**
 * Complaints (docs/decisions/0026): bad arriving reviews open complaints by
 * themselves, history does not; a flagged conversation and a review of the same guest at the
 * same outlet are one complaint; status, assignee, root cause and the timeline; who may do what.
 */

let h: Harness;
const tokens: Record<string, string> = {};
/** A Messenger page of an outlet the outlet manager cannot see. */
let page: TInboxPage;
let outletId: string;

beforeAll(async () => {
  h = await startHarness({ listen: true });
  for (const who of ['owner', 'brand.manager', 'outlet.manager', 'agent', 'viewer']) tokens[who] = await h.login(`${who}@spice-route.demo`);
  tokens.other = await h.login('owner@deccan-table.demo');
  const managerPages = new Set(((await get('/api/messenger/pages', tokens['outlet.manager']!)).json().data as TInboxPage[]).map((p) => p.id));
  page = ((await get('/api/messenger/pages', tokens.owner!)).json().data as TInboxPage[]).find((p) => !managerPages.has(p.id))!;
  outletId = page.outletId;
  expect(page).toBeTruthy();
});
afterAll(() => h?.close());

const get = (url: string, token: string) => h.get(url, token);
const post = (url: string, token: string, payload: object) => h.post(url, token, payload);
const list = async (token: string, body: object = {}) => (await post('/api/complaints/list', token, body)).json() as TListComplaintsResponse;
const detail = async (token: string, complaintId: string) => (await post('/api/complaints/get', token, { complaintId })).json() as TComplaintDetail;

/** A guest writes to the page now; @returns the DineDesk conversation once the webhook is applied. */
async function guestWrites(text: string): Promise<TConversation> {
  h.sim.guestMessage({ pageId: page.id, channel: 'messenger', text });
  await h.flushWebhooks();
  await h.settle();
  const convs = (await get(`/api/messenger/pages/${page.id}/conversations?limit=100`, tokens.owner!)).json().data as TConversation[];
  const conv = convs.find((c) => c.snippet === text);
  expect(conv, 'the guest’s conversation').toBeTruthy();
  return conv!;
}

/** A guest leaves a Facebook rating on the page now (the feed webhook stores it). */
async function guestRates(name: string, rating: number, text: string): Promise<TReview> {
  h.sim.addGuestRating({ pageId: page.id, name, rating, text });
  await h.flushWebhooks();
  await h.settle();
  const feed = (await post('/api/review_testing/get_reviews/get-reviews', tokens.owner!, { outletId, q: text.split(' ')[0], limit: 100 })).json().data as TReview[];
  const review = feed.find((r) => r.text === text);
  expect(review, 'the stored review').toBeTruthy();
  return review!;
}

describe('complaints', () => {
  it('history is not an incident: the synced old reviews opened none', async () => {
    const all = await list(tokens.owner!);
    expect(all.counts).toEqual({ open: 0, in_progress: 0, resolved: 0 });
    expect(await detectForOutlet(h.server.ctx, (await get('/api/get-client-details', tokens.owner!)).json().client.id, outletId)).toBe(0);
  });

  it('a flagged conversation and the same guest’s one-star review become one complaint', async () => {
    const conv = await guestWrites('The mutton biryani we got delivered tonight was cold and half the raita spilled.');
    const flagged = await post('/api/complaints/flag-conversation', tokens.agent!, { channel: 'messenger', pageId: page.id, conversationId: conv.id });
    expect(flagged.statusCode, flagged.body).toBe(200);
    const first = flagged.json() as TComplaintResponse;
    expect(first.created).toBe(true);
    expect(first.complaint).toMatchObject({ status: 'open', outletId, guestName: conv.guest.name, openedByName: expect.any(String) });
    // Flagging again answers the same complaint.
    expect(((await post('/api/complaints/flag-conversation', tokens.agent!, { channel: 'messenger', pageId: page.id, conversationId: conv.id })).json() as TComplaintResponse).complaint.id).toBe(first.complaint.id);

    // The guest then leaves one star: it arrives by webhook and joins the guest’s complaint.
    const review = await guestRates(conv.guest.name, 1, 'Coldbiryani again, and nobody answered our message about it.');
    const complaints = await list(tokens.owner!);
    expect(complaints.counts.open).toBe(1);
    const [c] = complaints.data;
    expect(c!.id).toBe(first.complaint.id);
    expect(c!.sources.map((s) => [s.kind, s.id]).sort()).toEqual([
      ['conversation', conv.id],
      ['review', review.id],
    ]);
    expect(c!.sources.find((s) => s.kind === 'review')!.linkedByName).toBeNull();

    const d = await detail(tokens.viewer!, c!.id);
    const kinds = d.timeline.map((t) => t.kind);
    expect(kinds).toEqual(expect.arrayContaining(['guest_message', 'review', 'activity']));
    expect(d.timeline.find((t) => t.kind === 'review')).toMatchObject({ rating: 1, sourceId: review.id });
    expect(d.timeline.filter((t) => t.kind === 'activity').map((t) => t.activity!.kind)).toEqual(['opened', 'linked']);
    // Oldest first.
    expect([...d.timeline].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))).toEqual(d.timeline);
  });

  it('a bad review of another guest opens its own complaint; an old review is opened by hand, once', async () => {
    const review = await guestRates('Farhan Qureshi', 2, 'Waitedforty minutes for a table that was booked.');
    const mine = (await list(tokens.owner!, { status: 'open' })).data;
    const opened = mine.find((c) => c.sources.some((s) => s.id === review.id))!;
    expect(opened).toMatchObject({ guestName: 'Farhan Qureshi', openedByName: null });

    const old = ((await post('/api/review_testing/get_reviews/get-reviews', tokens.owner!, { outletId, ratings: [5], limit: 1 })).json().data as TReview[])[0]!;
    const byHand = await post('/api/complaints/open-from-review', tokens['brand.manager']!, { reviewId: old.id });
    expect(byHand.statusCode, byHand.body).toBe(200);
    expect(byHand.json()).toMatchObject({ created: true, complaint: { guestName: old.reviewer.name, openedByName: expect.any(String) } });
    const again = (await post('/api/complaints/open-from-review', tokens.agent!, { reviewId: old.id })).json() as TComplaintResponse;
    expect(again).toMatchObject({ created: false, complaint: { id: (byHand.json() as TComplaintResponse).complaint.id } });
  });

  it('works a complaint: in progress, assigned, root cause, resolved; each step in the activity', async () => {
    const [c] = (await list(tokens.owner!, { status: 'open' })).data.slice(-1);
    const users = (await get('/api/client-users', tokens.owner!)).json().data as { id: string; email: string }[];
    const idOf = (email: string) => users.find((u) => u.email === email)!.id;
    const step = (token: string, body: object) => post('/api/complaints/update', token, { complaintId: c!.id, ...body });

    expect((await step(tokens.agent!, { status: 'in_progress', assigneeUserId: idOf('agent@spice-route.demo'), rootCause: 'food' })).json()).toMatchObject({
      status: 'in_progress',
      assignee: { id: idOf('agent@spice-route.demo') },
      rootCause: 'food',
    });
    // Assignees must work this outlet’s complaints: not the outlet manager of another outlet, not a viewer, not another client’s user.
    for (const email of ['outlet.manager@spice-route.demo', 'viewer@spice-route.demo']) {
      const res = await step(tokens.owner!, { assigneeUserId: idOf(email) });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().field).toBe('body.assigneeUserId');
    }
    const unknownCause = await step(tokens.owner!, { rootCause: 'parking' });
    expect(unknownCause.statusCode).toBe(400);
    expect(unknownCause.json().field).toBe('body.rootCause');
    // Owners extend the list; others may not.
    expect((await post('/api/complaints/root-causes', tokens.agent!, { request: 'add', rootCause: 'parking' })).statusCode).toBe(403);
    expect((await post('/api/complaints/root-causes', tokens.owner!, { request: 'add', rootCause: 'parking' })).json()).toMatchObject({ custom: ['parking'] });
    expect((await post('/api/complaints/root-causes', tokens.owner!, { request: 'remove', rootCause: 'food' })).statusCode).toBe(400);
    expect((await post('/api/complaints/root-causes', tokens.other!, { request: 'list' })).json()).toMatchObject({ custom: [] });
    expect((await step(tokens.owner!, { rootCause: 'parking' })).json()).toMatchObject({ rootCause: 'parking' });

    const resolved = (await step(tokens.agent!, { status: 'resolved' })).json() as TComplaint;
    expect(resolved.resolvedAt).not.toBeNull();
    const reopened = (await step(tokens.agent!, { status: 'open', assigneeUserId: null })).json() as TComplaint;
    expect(reopened).toMatchObject({ resolvedAt: null, assignee: null });
    const activity = (await detail(tokens.owner!, c!.id)).timeline.filter((t) => t.kind === 'activity').map((t) => [t.activity!.kind, t.activity!.value]);
    expect(activity).toEqual(
      expect.arrayContaining([
        ['status', 'in_progress'],
        ['root_cause', 'food'],
        ['root_cause', 'parking'],
        ['status', 'resolved'],
        ['status', 'open'],
        ['assignee', null],
      ]),
    );
    expect((await list(tokens.owner!, { assignee: 'none', status: 'open' })).data.map((x) => x.id)).toContain(c!.id);
  });

  it('links by hand within one outlet only; a review belongs to one complaint', async () => {
    const [a, b] = (await list(tokens.owner!)).data;
    const reviewOfA = a!.sources.find((s) => s.kind === 'review')!;
    const taken = await post('/api/complaints/link', tokens.agent!, { complaintId: b!.id, reviewId: reviewOfA.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'body.reviewId', code: 'review_in_other_complaint' });
    const elsewhere = ((await post('/api/review_testing/get_reviews/get-reviews', tokens.owner!, { limit: 100 })).json().data as TReview[]).find((r) => r.outletId !== outletId)!;
    const other = await post('/api/complaints/link', tokens.agent!, { complaintId: b!.id, reviewId: elsewhere.id });
    expect(other.statusCode).toBe(400);
    expect(other.json().field).toBe('body.reviewId');
  });

  it('keeps clients and outlets apart, and viewers read only', async () => {
    const [c] = (await list(tokens.owner!)).data;
    expect((await list(tokens.other!)).data).toEqual([]);
    expect((await list(tokens['outlet.manager']!)).data.some((x) => x.id === c!.id)).toBe(false);
    for (const who of ['other', 'outlet.manager']) {
      const res = await post('/api/complaints/get', tokens[who]!, { complaintId: c!.id });
      expect(res.statusCode, who).toBe(404);
      expect((await post('/api/complaints/update', tokens[who]!, { complaintId: c!.id, status: 'resolved' })).statusCode, who).toBe(404);
    }
    expect((await post('/api/complaints/update', tokens.viewer!, { complaintId: c!.id, status: 'resolved' })).statusCode).toBe(403);
    expect((await list(tokens.viewer!)).data.map((x) => x.id)).toContain(c!.id);
    expect((await post('/api/complaints/get', tokens.owner!, { complaintId: c!.id })).json().status).toBe(c!.status);
  });

  it.each([
    ['/api/complaints/list', { status: 'closed' }, 'body.status'],
    ['/api/complaints/list', { assignee: 'someone' }, 'body.assignee'],
    ['/api/complaints/list', { limit: 101 }, 'body.limit'],
    ['/api/complaints/list', { cursor: '%%%' }, 'body.cursor'],
    ['/api/complaints/get', { complaintId: '1'.repeat(17) }, 'body.complaintId'],
    ['/api/complaints/update', { complaintId: '1' }, 'body.status'],
    ['/api/complaints/update', { complaintId: '1', rootCause: 'Bad Food!' }, 'body.rootCause'],
    ['/api/complaints/update', { complaintId: '1', rootCause: 'x'.repeat(41) }, 'body.rootCause'],
    ['/api/complaints/update', { complaintId: '1', assigneeUserId: 42 }, 'body.assigneeUserId'],
    ['/api/complaints/open-from-review', { reviewId: 'abc' }, 'body.reviewId'],
    ['/api/complaints/flag-conversation', { channel: 'whatsapp', pageId: '1', conversationId: '1' }, 'body.channel'],
    ['/api/complaints/link', { complaintId: '1' }, 'body.reviewId'],
    ['/api/complaints/link', { complaintId: '1', reviewId: '1', conversationId: '1' }, 'body.reviewId'],
    ['/api/complaints/root-causes', { request: 'add', rootCause: 'tab\u0009no' }, 'body.rootCause'],
    ['/api/complaints/root-causes', { request: 'drop' }, 'body.request'],
  ])('%s %j → 400 naming %s', async (url, body, field) => {
    const res = await post(url, tokens.owner!, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('answers 404 for unknown complaints, reviews and conversations', async () => {
    expect((await post('/api/complaints/get', tokens.owner!, { complaintId: '999999' })).statusCode).toBe(404);
    expect((await post('/api/complaints/open-from-review', tokens.owner!, { reviewId: '999999' })).json().field).toBe('body.reviewId');
    expect((await post('/api/complaints/flag-conversation', tokens.owner!, { channel: 'instagram', pageId: page.id, conversationId: '999999' })).json().field).toBe('body.conversationId');
  });
});
