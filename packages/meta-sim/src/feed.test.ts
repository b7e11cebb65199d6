import { afterEach, describe, expect, it } from 'vitest';
import { type TestSim, startReceiver, startSim } from './testing.ts';
import { signMetaPayload } from './webhooks.ts';
import { APP_SECRET } from './testing.ts';

/**
 * Guest ratings and comments through the control API send Page `feed` webhook changes, and
 * write faults make Graph POSTs hang after or instead of being applied.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup() {
  const receiver = await startReceiver('dinedesk-verify');
  const t = await startSim({ webhookUrl: receiver.url, webhooks: { retryBaseMs: 10, retryMaxMs: 40, holdMs: 0 }, messagingRateLimit: null });
  cleanups.push(() => receiver.close(), () => t.sim.close());
  const [pageId, token] = [...(await t.pageTokens(0)).entries()][0]!;
  await t.sim.flushWebhooks();
  return { t, receiver, pageId: pageId!, token: token! };
}

const subscribe = async (t: TestSim, pageId: string, token: string, fields: string) =>
  expect((await t.post(`/v21.0/${pageId}/subscribed_apps?subscribed_fields=${fields}`, {}, token)).body).toEqual({ success: true });

type Change = { field: string; value: Record<string, unknown> };

describe('guest ratings and comments send Page feed webhooks', () => {
  it('a new rating is listed first with a story, and its feed change is delivered signed', async () => {
    const { t, receiver, pageId, token } = await setup();
    await subscribe(t, pageId, token, 'messages,feed');
    const before = (await t.get(`/v21.0/${pageId}?fields=rating_count`, token)).body.rating_count as number;
    const res = await t.sim.app.inject({ method: 'POST', url: '/__sim/guest-rating', payload: { pageId, name: 'Asha Rao', rating: 2, text: 'Cold naan' } });
    expect(res.statusCode).toBe(200);
    const { storyId } = res.json() as { storyId: string };
    const first = (await t.get(`/v21.0/${pageId}/ratings?fields=rating,review_text,recommendation_type,reviewer{id,name},open_graph_story{id}&limit=1`, token)).body.data as Record<string, unknown>[];
    expect(first[0]).toMatchObject({ rating: 2, review_text: 'Cold naan', recommendation_type: 'negative', reviewer: { name: 'Asha Rao' }, open_graph_story: { id: storyId } });
    expect((await t.get(`/v21.0/${pageId}?fields=rating_count`, token)).body.rating_count).toBe(before + 1);

    t.sim.addGuestComment(storyId, 'Vikram S', 'Same for me');
    await t.sim.flushWebhooks();
    const post = receiver.posts().at(-1)!;
    expect(post.headers['x-hub-signature-256']).toBe(signMetaPayload(APP_SECRET, post.raw));
    const changes = receiver.bodies().flatMap((b) => b.entry.flatMap((e) => ((e as { changes?: Change[] }).changes ?? []).map((c) => ({ id: e.id, ...c }))));
    expect(changes).toEqual([
      {
        id: pageId,
        field: 'feed',
        value: expect.objectContaining({ item: 'rating', verb: 'add', open_graph_story_id: storyId, post_id: storyId, rating: 2, review_text: 'Cold naan', reviewer_name: 'Asha Rao', recommendation_type: 'negative', created_time: expect.any(Number) }),
      },
      { id: pageId, field: 'feed', value: expect.objectContaining({ item: 'comment', verb: 'add', post_id: storyId, parent_id: storyId, message: 'Same for me', from: expect.objectContaining({ name: 'Vikram S' }), comment_id: expect.any(String) }) },
    ]);
    // Feed entries carry `changes`, not `messaging`.
    expect(receiver.bodies().every((b) => b.entry.every((e) => !('messaging' in e)))).toBe(true);
  });

  // Graph "Webhooks for Pages" reference, field `ratings`: https://developers.facebook.com/docs/graph-api/webhooks/reference/page/#ratings
  it('sends add, edit and remove of a rating on the ratings field as Meta does, only to Pages subscribed to it', async () => {
    const { t, receiver, pageId, token } = await setup();
    await subscribe(t, pageId, token, 'messages,ratings');
    const add = await t.sim.app.inject({ method: 'POST', url: '/__sim/guest-rating', payload: { pageId, name: 'Mira K', rating: 4, text: 'Lovely dosa' } });
    const { storyId } = add.json() as { storyId: string };
    const edit = await t.sim.app.inject({ method: 'POST', url: '/__sim/guest-rating/edit', payload: { storyId, rating: 2, text: 'Second visit was cold' } });
    expect(edit.statusCode).toBe(200);
    const listed = (await t.get(`/v21.0/${pageId}/ratings?fields=rating,review_text,open_graph_story{id}&limit=1`, token)).body.data as Record<string, unknown>[];
    expect(listed[0]).toMatchObject({ rating: 2, review_text: 'Second visit was cold', open_graph_story: { id: storyId } });
    expect((await t.sim.app.inject({ method: 'POST', url: '/__sim/guest-rating/remove', payload: { storyId } })).statusCode).toBe(200);
    const after = (await t.get(`/v21.0/${pageId}/ratings?fields=open_graph_story{id}&limit=5`, token)).body.data as { open_graph_story?: { id: string } }[];
    expect(after.some((r) => r.open_graph_story?.id === storyId)).toBe(false);
    await t.sim.flushWebhooks();
    const changes = receiver.bodies().flatMap((b) => b.entry.flatMap((e) => (e as { changes?: Change[] }).changes ?? []));
    const base = { item: 'rating', open_graph_story_id: storyId, reviewer_id: expect.any(String), reviewer_name: 'Mira K', created_time: expect.any(Number) };
    expect(changes).toEqual([
      { field: 'ratings', value: { ...base, verb: 'add', rating: 4, review_text: 'Lovely dosa', recommendation_type: 'positive' } },
      { field: 'ratings', value: { ...base, verb: 'edit', rating: 2, review_text: 'Second visit was cold', recommendation_type: 'negative' } },
      { field: 'ratings', value: { ...base, verb: 'remove' } },
    ]);
    // Only ratings added through the simulator change; a seeded story or a missing one is 404, bad input 400.
    expect((await t.sim.app.inject({ method: 'POST', url: '/__sim/guest-rating/remove', payload: { storyId } })).statusCode).toBe(404);
    expect((await t.sim.app.inject({ method: 'POST', url: '/__sim/guest-rating/edit', payload: { storyId: 42 } })).statusCode).toBe(400);
  });

  it('sends nothing to a Page not subscribed to feed, and refuses bad input', async () => {
    const { t, receiver, pageId, token } = await setup();
    await subscribe(t, pageId, token, 'messages');
    t.sim.addGuestRating({ pageId, name: 'Quiet Guest', rating: 5, text: 'Superb' });
    await t.sim.flushWebhooks();
    expect(receiver.posts()).toHaveLength(0);
    expect((await t.sim.app.inject({ method: 'POST', url: '/__sim/guest-rating', payload: { pageId: '1', name: 'X', rating: 5 } })).statusCode).toBe(404);
    expect((await t.sim.app.inject({ method: 'POST', url: '/__sim/guest-rating', payload: { pageId, name: 'X', rating: 7 } })).statusCode).toBe(400);
    expect((await t.sim.app.inject({ method: 'POST', url: '/__sim/guest-rating', payload: { pageId, name: ' ', rating: 3 } })).statusCode).toBe(400);
  });
});

describe('write faults', () => {
  it('apply_then_hang: the comment exists while the answer is held; it answers once released', async () => {
    const { t, pageId, token } = await setup();
    const { storyId } = t.sim.addGuestRating({ pageId, name: 'Guest', rating: 4, text: 'Nice' });
    t.sim.setWriteFault({ mode: 'apply_then_hang', edge: 'comments', times: 1 });
    let answered = false;
    const pending = t.post(`/v21.0/${storyId}/comments`, { message: 'Thank you!' }, token).then((r) => {
      answered = true;
      return r;
    });
    await expect.poll(async () => ((await t.get(`/v21.0/${storyId}/comments`, token)).body.data as unknown[]).length).toBe(1);
    expect(answered).toBe(false);
    expect(t.sim.releaseHeldWrites()).toBe(1);
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.body.id).toEqual(expect.any(String));
    // Disarmed after `times`: the next POST answers at once.
    expect((await t.post(`/v21.0/${storyId}/comments`, { message: 'Again' }, token)).status).toBe(200);
  });

  it('hang: nothing is written, and once released the request answers code 1', async () => {
    const { t, pageId, token } = await setup();
    const { storyId } = t.sim.addGuestRating({ pageId, name: 'Guest', rating: 4, text: 'Nice' });
    const armed = await t.sim.app.inject({ method: 'PUT', url: '/__sim/write-fault', payload: { mode: 'hang', edge: 'comments' } });
    expect(armed.json()).toEqual({ fault: { mode: 'hang', edge: 'comments', times: 1 }, held: 0 });
    const pending = t.post(`/v21.0/${storyId}/comments`, { message: 'Lost in transit' }, token);
    await expect.poll(() => t.sim.app.inject({ method: 'GET', url: '/__sim/write-fault' }).then((r) => r.json().held)).toBe(1);
    expect((await t.get(`/v21.0/${storyId}/comments`, token)).body.data).toEqual([]);
    expect((await t.sim.app.inject({ method: 'DELETE', url: '/__sim/write-fault' })).json()).toEqual({ released: 1 });
    const res = await pending;
    expect(res.body.error?.code).toBe(1);
    expect((await t.get(`/v21.0/${storyId}/comments`, token)).body.data).toEqual([]);
    expect((await t.sim.app.inject({ method: 'PUT', url: '/__sim/write-fault', payload: { mode: 'sometimes', edge: 'comments' } })).statusCode).toBe(400);
  });
});
