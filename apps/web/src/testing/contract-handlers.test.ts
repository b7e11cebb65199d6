/**
 * The contract handlers keep test backends honest: answers and requests outside the
 * contract are reported (and fail the test in setup.ts), answers inside it reach the app.
 */
import { API, INBOX, ZGetFbPagesResponse } from '@dinedesk/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, getJson, postJson } from '../lib/api-client.ts';
import { callsTo, mockApi, takeViolations } from './api-server.ts';
import { handle, reply } from './contract-handlers.ts';
import { pageFixture } from './fixtures.ts';

afterEach(() => {
  // These tests provoke violations on purpose; the set-up would fail them otherwise.
  takeViolations();
});

describe('contract handlers (MSW, generated from the contracts)', () => {
  it('answers what the resolver returns, in the wire form of the response schema', async () => {
    mockApi(handle.fbPages(() => ({ data: [pageFixture()] })));
    await expect(getJson(API.fbPages, ZGetFbPagesResponse)).resolves.toEqual({ data: [pageFixture()] });
    expect(takeViolations()).toEqual([]);
  });

  it('reports an answer the response schema refuses, and the app gets a 500', async () => {
    mockApi(handle.fbPages(() => ({ data: [{ id: '1001' }] }) as never));
    await expect(getJson(API.fbPages, ZGetFbPagesResponse)).rejects.toBeInstanceOf(ApiError);
    const [violation] = takeViolations();
    expect(violation).toMatch(/GET \/api\/review_testing\/get-fb-pages \(fbPages\) answered a body its response schema refuses: data\.0\.name/);
  });

  it('reports a request body the server would refuse', async () => {
    mockApi(handle.syncFbReviews(() => ({ page: pageFixture(), fetched: 1 })));
    await postJson(API.syncFbReviews, { pageId: 'not digits' }, ZGetFbPagesResponse).catch(() => undefined);
    expect(takeViolations()[0]).toMatch(/was sent a body the server refuses: pageId/);
  });

  it('reports a request header the server would refuse (Idempotency-Key)', async () => {
    mockApi(handle.replyFbReview(() => reply.error(500, { message: 'not reached' })));
    await postJson(API.replyFbReview, { pageId: '1001', reviewId: '500001', message: 'Thanks' }, ZGetFbPagesResponse, undefined, { 'Idempotency-Key': 'two words' }).catch(
      () => undefined,
    );
    expect(takeViolations()[0]).toMatch(/was sent headers the server refuses: idempotency-key/);
  });

  it('matches the inbox paths with their parameters and gives them to the resolver', async () => {
    let seen: Record<string, string> = {};
    mockApi(
      handle.markRead(({ params }) => {
        seen = params;
        return reply.error(404, { message: 'Conversation not found' });
      }),
    );
    const error = await postJson(INBOX.read('messenger', '1001', '7001'), undefined, ZGetFbPagesResponse).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, body: { message: 'Conversation not found' } });
    expect(seen).toEqual({ channel: 'messenger', pageId: '1001', conversationId: '7001' });
    expect(callsTo(INBOX.read('messenger', '1001', '7001'), 'POST')).toHaveLength(1);
    expect(takeViolations()).toEqual([]);
  });

  it('reports an error body that is not a ZErrorResponse', async () => {
    mockApi(handle.fbPages(() => reply.error(403, { msg: 'nope' } as never)));
    await getJson(API.fbPages, ZGetFbPagesResponse).catch(() => undefined);
    expect(takeViolations()[0]).toMatch(/answered an error the contract does not allow: 403/);
  });

  it('fails the request like an unreachable server with reply.network()', async () => {
    mockApi(handle.fbPages(() => reply.network()));
    await expect(getJson(API.fbPages, ZGetFbPagesResponse)).rejects.toMatchObject({ status: 0 });
  });

  it('answers a request no handler knows with a 501 naming it', async () => {
    const api = mockApi();
    await expect(getJson(API.auditLog, ZGetFbPagesResponse)).rejects.toMatchObject({ status: 501 });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET ${API.auditLog}`]);
  });
});
