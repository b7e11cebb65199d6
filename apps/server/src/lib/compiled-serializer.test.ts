import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { INBOX, ZConversationsResponse, ZGetFbReviewsResponse, ZMessagesResponse, type TInboxPage } from '@dinedesk/contracts';
// eslint-disable-next-line no-restricted-imports -- the serializers are checked on the services' own list results
import { listReviews } from '../modules/reviews/reviews.service.ts';
// eslint-disable-next-line no-restricted-imports -- the serializers are checked on the services' own list results
import { listConversations, listMessages } from '../modules/inbox/inbox.service.ts';
import { resolveAuth } from '../modules/access/index.ts';
import { bearer, startHarness, type Harness } from '../test/harness.ts';
import { compileSerializer, compiledSerializerCompiler } from './compiled-serializer.ts';

/**
 * The compiled serialiser writes exactly what the zod serialiser writes, byte for byte, on real
 * answers of every route that uses it (seeded reviews and conversations, every filter, nulls
 * included), and never more than the schema (lib/compiled-serializer.ts).
 */
const zodSerialize = (schema: ZodType) => zodSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

function expectSameOutput(schema: ZodType, data: unknown) {
  expect(compileSerializer(schema)(data)).toBe(zodSerialize(schema)(data));
}

describe('compiled serialisation of the list answers', () => {
  it('matches zod on reviews, every filter, for an owner and an outlet manager', async () => {
    let compared = 0;
    for (const email of ['owner@spice-route.demo', 'outlet.manager@spice-route.demo']) {
      const auth = await resolveAuth(h.server.ctx, await h.login(email));
      for (const q of [{}, { rating: 1 }, { rating: 5 }, { replied: 'true' as const }, { replied: 'false' as const }, { recommendation: 'negative' as const }, { q: 'biryani' }]) {
        const first = await listReviews(h.server.ctx, auth, { limit: 50, ...q });
        expectSameOutput(ZGetFbReviewsResponse, first);
        compared += first.data.length;
        if (first.paging.nextCursor) expectSameOutput(ZGetFbReviewsResponse, await listReviews(h.server.ctx, auth, { limit: 50, ...q, cursor: first.paging.nextCursor }));
      }
    }
    expect(compared).toBeGreaterThan(100);
    // Reviews without a star rating (recommendation only) and unreplied ones: the nullable fields are exercised.
    const all = await listReviews(h.server.ctx, await resolveAuth(h.server.ctx, await h.login('owner@spice-route.demo')), { limit: 100 });
    expect(all.data.some((r) => r.lastReplyAt === null)).toBe(true);
  });

  it('matches zod on conversations and messages of every Messenger and Instagram account', async () => {
    const token = await h.login('owner@spice-route.demo');
    const auth = await resolveAuth(h.server.ctx, token);
    let messages = 0;
    for (const channel of ['messenger', 'instagram'] as const) {
      const pages = (await h.server.app.inject({ method: 'GET', url: channel === 'messenger' ? INBOX.messengerPages : INBOX.instagramPages, headers: bearer(token) })).json().data as TInboxPage[];
      for (const page of pages) {
        const conversations = await listConversations(h.server.ctx, auth, channel, page.id, { limit: 50 });
        expectSameOutput(ZConversationsResponse, conversations);
        for (const c of conversations.data.slice(0, 5)) {
          const page1 = await listMessages(h.server.ctx, auth, channel, page.id, c.id, { limit: 50 });
          expectSameOutput(ZMessagesResponse, page1);
          messages += page1.data.length;
        }
      }
    }
    expect(messages).toBeGreaterThan(50);
  });

  it('writes only the schema’s fields, and the route answers through it', async () => {
    const schema = z.object({ data: z.array(z.object({ id: z.string(), at: z.string().nullable() })) });
    const out = JSON.parse(compileSerializer(schema)({ data: [{ id: 'a', at: null, secret: 'x' }], extra: 1 }));
    expect(out).toEqual({ data: [{ id: 'a', at: null }] });
    // Error answers keep zod's serialiser (the 4xx/5xx schemas are small and must be exact).
    expect(compiledSerializerCompiler({ schema: schema, method: 'GET', url: '/x', httpStatus: '400' })({ data: [] })).toBe('{"data":[]}');
    const res = await h.server.app.inject({ method: 'GET', url: '/api/review_testing/get-fb-reviews?limit=3', headers: bearer(await h.login('viewer@spice-route.demo')) });
    expect(res.statusCode).toBe(200);
    expect(ZGetFbReviewsResponse.parse(res.json()).data).toHaveLength(3);
  });
});
