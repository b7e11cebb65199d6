import { fbStoryIdFor, fbUserIdFor, reviewSource } from '@dinedesk/demo-data';
import { beforeEach, describe, expect, it } from 'vitest';
import { type TestSim, relative, seedData, startSim } from './testing.ts';

const CUTOFF = Date.UTC(2018, 7, 1);

let t: TestSim;
let clock: Date;
/** A post-Aug-2018 review story of client 0's first Page (its Facebook half), with that Page's token. */
let story: { id: string; pageId: string; pageName: string; token: string };
/** A Page of the other client. */
let foreign: { pageId: string; token: string };

beforeEach(async () => {
  clock = new Date('2024-05-01T10:00:00Z');
  t = await startSim({ now: () => clock });
  const { data, clients } = seedData();
  const brand = clients[0]!.brands[0]!;
  const outlet = brand.outlets[0]!;
  const review = data.reviews.find((r) => r.restaurantId === outlet.restaurantId && reviewSource(r.reviewId) === 'facebook' && r.reviewedAt.getTime() >= CUTOFF)!;
  story = {
    id: fbStoryIdFor(outlet.facebookPageId, review.reviewId),
    pageId: outlet.facebookPageId,
    pageName: brand.name,
    token: (await t.pageTokens(0)).get(outlet.facebookPageId)!,
  };
  const [fid, ftoken] = [...(await t.pageTokens(1)).entries()][0]!;
  foreign = { pageId: fid, token: ftoken };
});

const tick = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

describe('GET/POST /{story-id}/comments', () => {
  it('starts empty, with a summary on request', async () => {
    const r = await t.get(`/v21.0/${story.id}/comments?summary=true`, story.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: [], summary: { order: 'chronological', total_count: 0, can_comment: true } });
  });

  it('posts as the Page (form, JSON and query message) and lists the comments', async () => {
    const storyNum = story.id.split('_')[1]!;
    const a = await t.post(`/v21.0/${story.id}/comments`, { message: 'Thanks for visiting!' }, story.token);
    expect(a.status).toBe(200);
    expect(Object.keys(a.body)).toEqual(['id']);
    expect(a.body.id).toMatch(new RegExp(`^${storyNum}_\\d{16}$`));
    tick(60);
    const b = await t.postJson(`/v21.0/${story.id}/comments`, { message: 'Second', access_token: story.token });
    tick(60);
    const c = await t.post(`/v21.0/${story.id}/comments?message=Third`, {}, story.token);
    expect(new Set([a.body.id, b.body.id, c.body.id]).size).toBe(3);

    const r = await t.get(`/v21.0/${story.id}/comments?summary=true`, story.token);
    expect(r.body.data).toEqual([
      { created_time: '2024-05-01T10:00:00+0000', from: { id: story.pageId, name: story.pageName }, message: 'Thanks for visiting!', id: a.body.id },
      { created_time: '2024-05-01T10:01:00+0000', from: { id: story.pageId, name: story.pageName }, message: 'Second', id: b.body.id },
      { created_time: '2024-05-01T10:02:00+0000', from: { id: story.pageId, name: story.pageName }, message: 'Third', id: c.body.id },
    ]);
    expect(r.body.summary).toEqual({ order: 'chronological', total_count: 3, can_comment: true });

    const rev = await t.get(`/v21.0/${story.id}/comments?order=reverse_chronological&fields=message&summary=1`, story.token);
    expect(rev.body.data).toEqual([
      { message: 'Third', id: c.body.id },
      { message: 'Second', id: b.body.id },
      { message: 'Thanks for visiting!', id: a.body.id },
    ]);
    expect(rev.body.summary).toMatchObject({ order: 'reverse_chronological', total_count: 3 });
  });

  it('shows guest comments from the control API with the guest as author', async () => {
    const { id } = t.sim.addGuestComment(story.id, 'Priya Sharma', 'Was the biryani spicy?');
    const http = await t.sim.app.inject({ method: 'POST', url: '/__sim/guest-comment', payload: { storyId: story.id, name: 'Ravi', message: 'Me too' } });
    expect(http.statusCode).toBe(200);
    const r = await t.get(`/v21.0/${story.id}/comments?fields=id,from{id,name},message`, story.token);
    expect(r.body.data).toEqual([
      { id, from: { id: fbUserIdFor('Priya Sharma'), name: 'Priya Sharma' }, message: 'Was the biryani spicy?' },
      { id: http.json().id, from: { id: fbUserIdFor('Ravi'), name: 'Ravi' }, message: 'Me too' },
    ]);
  });

  it('pages comments with cursors', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(t.sim.addGuestComment(story.id, `Guest ${i}`, `Comment ${i}`).id);
    const seen: string[] = [];
    let url: string | undefined = `/v21.0/${story.id}/comments?limit=2&fields=id&access_token=${story.token}`;
    let calls = 0;
    while (url) {
      const r = await t.get(url);
      seen.push(...(r.body.data as { id: string }[]).map((c) => c.id));
      const next = (r.body.paging as { next?: string }).next;
      url = next ? relative(next) : undefined;
      calls++;
    }
    expect(seen).toEqual(ids);
    expect(calls).toBe(3);
  });

  it('lets the Page edit its own comment and delete comments on its post, replies included', async () => {
    const mine = (await t.post(`/v21.0/${story.id}/comments`, { message: 'Thanks for visiting!' }, story.token)).body as { id: string };
    const reply = (await t.post(`/v21.0/${mine.id}/comments`, { message: 'A reply in the thread' }, story.token)).body as { id: string };
    const edited = await t.post(`/v21.0/${mine.id}`, { message: 'Thank you for visiting, see you soon!' }, story.token);
    expect(edited.body).toEqual({ success: true });
    expect(((await t.get(`/v21.0/${mine.id}?fields=message`, story.token)).body as { message: string }).message).toBe('Thank you for visiting, see you soon!');
    // An empty message is refused; a guest's comment is not the Page's to edit.
    expect(((await t.post(`/v21.0/${mine.id}`, { message: ' ' }, story.token)).body as { error: { code: number } }).error.code).toBe(100);
    const guest = t.sim.addGuestComment(story.id, 'Asha', 'Lovely biryani');
    expect(((await t.post(`/v21.0/${guest!.id}`, { message: 'hijacked' }, story.token)).body as { error: { code: number } }).error.code).toBe(200);
    const deleted = await t.sim.app.inject({ method: 'DELETE', url: `/v21.0/${mine.id}?access_token=${encodeURIComponent(story.token)}` });
    expect(deleted.json()).toEqual({ success: true });
    const after = (await t.get(`/v21.0/${story.id}/comments?fields=id&filter=stream&limit=100`, story.token)).body as { data: { id: string }[] };
    expect(after.data.map((c) => c.id)).not.toContain(mine.id);
    expect(after.data.map((c) => c.id)).not.toContain(reply.id);
    expect(((await t.get(`/v21.0/${mine.id}`, story.token)).body as { error: { code: number } }).error.code).toBe(100);
  });

  it('refuses an empty message with 100', async () => {
    for (const message of ['', '   ']) {
      const r = await t.post(`/v21.0/${story.id}/comments`, { message }, story.token);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 100, type: 'OAuthException', message: '(#100) Missing message or attachment' });
    }
    const none = await t.post(`/v21.0/${story.id}/comments`, {}, story.token);
    expect(none.body.error).toMatchObject({ code: 100, message: '(#100) Missing message or attachment' });
    expect((await t.get(`/v21.0/${story.id}/comments?summary=true`, story.token)).body.summary).toMatchObject({ total_count: 0 });
  });

  it('answers 100/33 for an unknown story, a pre-Aug-2018 review (no story) and a Google-half review', async () => {
    const { data, clients } = seedData();
    const tokens = await t.pageTokens(0);
    // A pre-Aug-2018 review on one of client 0's Pages: it is on Facebook but has no story.
    const outlets = clients[0]!.brands.flatMap((b) => b.outlets);
    const old = data.reviews.find((r) => reviewSource(r.reviewId) === 'facebook' && r.reviewedAt.getTime() < CUTOFF && outlets.some((o) => o.restaurantId === r.restaurantId))!;
    const oldPageId = outlets.find((o) => o.restaurantId === old.restaurantId)!.facebookPageId;
    // A post-Aug-2018 review of the story's own restaurant that belongs to Google: not on the Page at all.
    const restaurantId = outlets.find((o) => o.facebookPageId === story.pageId)!.restaurantId;
    const google = data.reviews.find((r) => r.restaurantId === restaurantId && reviewSource(r.reviewId) === 'google' && r.reviewedAt.getTime() >= CUTOFF)!;
    const cases: [string, string][] = [
      [`${story.pageId}_999999999999999`, story.token],
      [fbStoryIdFor(oldPageId, old.reviewId), tokens.get(oldPageId)!],
      [fbStoryIdFor(story.pageId, google.reviewId), story.token],
    ];
    for (const [id, token] of cases) {
      for (const r of [await t.get(`/v21.0/${id}/comments`, token), await t.post(`/v21.0/${id}/comments`, { message: 'hi' }, token)]) {
        expect(r.status).toBe(400);
        expect(r.body.error).toMatchObject({ code: 100, error_subcode: 33, type: 'GraphMethodException' });
        expect(r.body.error?.message).toContain(`Object with ID '${id}' does not exist`);
      }
    }
  });

  it('refuses another client’s Page token: 200 for posting, 100/33 for reading', async () => {
    const post = await t.post(`/v21.0/${story.id}/comments`, { message: 'Not my page' }, foreign.token);
    expect(post.status).toBe(400);
    expect(post.body.error).toMatchObject({ code: 200, message: '(#200) Permissions error' });
    const get = await t.get(`/v21.0/${story.id}/comments`, foreign.token);
    expect(get.body.error).toMatchObject({ code: 100, error_subcode: 33 });
    expect((await t.get(`/v21.0/${story.id}/comments?summary=true`, story.token)).body.summary).toMatchObject({ total_count: 0 });
  });

  it('lets the admin’s user token read but not post', async () => {
    t.sim.addGuestComment(story.id, 'Ann', 'Hello');
    const read = await t.get(`/v21.0/${story.id}/comments`, t.userToken(0));
    expect((read.body.data as unknown[]).length).toBe(1);
    const post = await t.post(`/v21.0/${story.id}/comments`, { message: 'as user' }, t.userToken(0));
    expect(post.body.error).toMatchObject({ code: 200 });
    expect((await t.get(`/v21.0/${story.id}/comments`, t.userToken(1))).body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('rejects an unknown comment field and an invalid cursor with 100', async () => {
    const field = await t.get(`/v21.0/${story.id}/comments?fields=message,likes_count`, story.token);
    expect(field.body.error).toMatchObject({ code: 100, message: '(#100) Tried accessing nonexisting field (likes_count) on node type (Comment)' });
    const cursor = await t.get(`/v21.0/${story.id}/comments?after=bm90LWEtY3Vyc29y`, story.token);
    expect(cursor.body.error).toMatchObject({ code: 100, message: '(#100) Invalid cursor' });
  });

  it('supports replies to comments, one level deep', async () => {
    const top = t.sim.addGuestComment(story.id, 'Ann', 'Loved it');
    const reply = await t.post(`/v21.0/${top.id}/comments`, { message: 'Thank you Ann!' }, story.token);
    expect(reply.status).toBe(200);
    // A reply to the reply joins the same thread.
    const reply2 = await t.post(`/v21.0/${reply.body.id}/comments`, { message: 'See you soon' }, story.token);
    const replies = await t.get(`/v21.0/${top.id}/comments?fields=message,parent{id}&summary=true`, story.token);
    expect(replies.body.data).toEqual([
      { message: 'Thank you Ann!', parent: { id: top.id }, id: reply.body.id },
      { message: 'See you soon', parent: { id: top.id }, id: reply2.body.id },
    ]);
    const topLevel = await t.get(`/v21.0/${story.id}/comments?fields=id,comment_count`, story.token);
    expect(topLevel.body.data).toEqual([{ id: top.id, comment_count: 2 }]);
    const stream = await t.get(`/v21.0/${story.id}/comments?filter=stream&fields=id`, story.token);
    expect((stream.body.data as unknown[]).length).toBe(3);
    const node = await t.get(`/v21.0/${reply.body.id}?fields=message,can_comment`, story.token);
    expect(node.body).toEqual({ message: 'Thank you Ann!', can_comment: false, id: reply.body.id });
  });

  it('nests comments in ratings with comments.summary(true).limit(n)', async () => {
    t.sim.addGuestComment(story.id, 'Ann', 'one');
    t.sim.addGuestComment(story.id, 'Bob', 'two');
    const r = await t.get(
      `/v21.0/${story.id}?fields=${encodeURIComponent('id,comments.summary(true).limit(1){message}')}`,
      story.token,
    );
    const comments = r.body.comments as { data: object[]; summary: object; paging: { next: string } };
    expect(r.body.id).toBe(story.id);
    expect(comments.data).toEqual([{ message: 'one', id: expect.any(String) }]);
    expect(comments.summary).toEqual({ order: 'chronological', total_count: 2, can_comment: true });
    const next = await t.get(relative(comments.paging.next));
    expect(next.body.data).toEqual([{ message: 'two', id: expect.any(String) }]);

    const ratings = await t.get(
      `/v21.0/${story.pageId}/ratings?limit=100&fields=${encodeURIComponent('open_graph_story{id,comments.summary(true).limit(0)}')}`,
      story.token,
    );
    const mine = (ratings.body.data as { open_graph_story?: { id: string; comments: { summary: { total_count: number } } } }[]).find(
      (x) => x.open_graph_story?.id === story.id,
    );
    expect(mine?.open_graph_story?.comments.summary.total_count).toBe(2);
  });
});
