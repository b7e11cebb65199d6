import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TConversation, TInboxEvent, TInboxPage, TMentionCreatedEvent, TReviewsChangedEvent } from '@dinedesk/contracts';
import { bearer, startHarness, type Harness } from '../test/harness.ts';
import { createRealtime, transactionThenPublish, type RealtimeTransport, type RoutedEvent } from './realtime.ts';

/**
 * The realtime seam ("Realtime is its own seam"): one publisher created before the app,
 * transports attach to it, and services publish only what has committed.
 */

type Published = { kind: 'emit'; events: RoutedEvent[] } | { kind: 'reviews'; event: TReviewsChangedEvent } | { kind: 'mention'; event: TMentionCreatedEvent & { userId: string } } | { kind: 'access'; userIds: string[] } | { kind: 'sessions'; sessionIds: string[] };

/** A transport that only records what reaches it (what tests use instead of a socket server). */
function recorder(): RealtimeTransport & { seen: Published[] } {
  const seen: Published[] = [];
  return {
    seen,
    emit: (events) => void seen.push({ kind: 'emit', events }),
    reviewsChanged: (event) => void seen.push({ kind: 'reviews', event }),
    mentionCreated: (userId, event) => void seen.push({ kind: 'mention', event: { userId, ...event } }),
    complaintChanged: () => {},
    ticketChanged: () => {},
    accessChanged: async (userIds) => void seen.push({ kind: 'access', userIds }),
    sessionsEnded: async (sessionIds) => void seen.push({ kind: 'sessions', sessionIds }),
  };
}

const marker = (accountId: string, eventId: number): RoutedEvent => ({ clientId: 'c', outletId: 'o', accountId, event: { type: 'read', eventId } as unknown as TInboxEvent });

describe('createRealtime: the publisher services call', () => {
  it('publishes nothing and fails nothing without a transport (services and tests run without sockets)', async () => {
    const hub = createRealtime();
    expect(() => hub.emit([marker('1', 1)])).not.toThrow();
    await expect(hub.accessChanged(['u'])).resolves.toBeUndefined();
    await expect(hub.sessionsEnded(['s'])).resolves.toBeUndefined();
  });

  it('delivers to every attached transport until it detaches', async () => {
    const hub = createRealtime();
    const a = recorder();
    const b = recorder();
    hub.attach(a);
    const detachB = hub.attach(b);
    hub.emit([marker('1', 1)]);
    await hub.accessChanged(['u1']);
    detachB();
    hub.reviewsChanged({ pageId: '1', reviewId: null, kind: 'review', verb: 'add' });
    await hub.sessionsEnded(['s1']);
    expect(a.seen.map((p) => p.kind)).toEqual(['emit', 'access', 'reviews', 'sessions']);
    expect(b.seen.map((p) => p.kind)).toEqual(['emit', 'access']);
  });

  it('reports the cross-process link for /api/health: degraded when any transport\'s link is down', () => {
    const hub = createRealtime();
    expect(hub.link()).toBe('off');
    let state: 'ok' | 'degraded' = 'ok';
    hub.attach(recorder());
    const detach = hub.attach({ ...recorder(), link: () => state });
    expect(hub.link()).toBe('ok');
    state = 'degraded';
    expect(hub.link()).toBe('degraded');
    detach();
    expect(hub.link()).toBe('off');
  });
});

describe('publishing after commit', () => {
  let h: Harness;
  let rec: ReturnType<typeof recorder>;
  let detach: () => void;

  beforeAll(async () => {
    h = await startHarness();
    rec = recorder();
    // The same object the app was built with: the socket plugin attached to it as well.
    detach = h.server.ctx.realtime.attach(rec);
  });
  afterAll(async () => {
    detach?.();
    await h?.close();
  });

  it('holds publications until the transaction commits, then delivers them in order', async () => {
    rec.seen.length = 0;
    const result = await transactionThenPublish(h.server.ctx, async (_tx, outbox) => {
      outbox.emit([marker('1', 1)]);
      outbox.accessChanged(['u1']);
      // Still inside the transaction: nothing may be visible to sockets yet.
      expect(rec.seen).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(rec.seen.map((p) => p.kind)).toEqual(['emit', 'access']);
  });

  it('publishes nothing when the work throws after the emit point (rollback)', async () => {
    rec.seen.length = 0;
    await expect(
      transactionThenPublish(h.server.ctx, async (_tx, outbox) => {
        outbox.emit([marker('1', 2)]);
        throw new Error('forced rollback');
      }),
    ).rejects.toThrow('forced rollback');
    expect(rec.seen).toEqual([]);
  });

  it('a mark-read whose commit fails publishes no event and stores none (service path)', async () => {
    const agent = await h.login('agent@spice-route.demo');
    const pages = (await h.server.app.inject({ method: 'GET', url: '/api/messenger/pages', headers: bearer(agent) })).json().data as TInboxPage[];
    const page = pages[0]!;
    const conversations = (await h.server.app.inject({ method: 'GET', url: `/api/messenger/pages/${page.id}/conversations`, headers: bearer(agent) })).json().data as TConversation[];
    const url = `/api/messenger/pages/${page.id}/conversations/${conversations[0]!.id}/read`;
    const db = h.server.ctx.db;
    const countEvents = async () => Number(((await db.execute(sql`select count(*)::int as n from inbox_events`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

    // A deferred constraint trigger fails at COMMIT: after the service recorded its events and
    // handed them to the outbox, so the rollback happens after the emit point.
    await db.execute(sql`create or replace function test_fail_commit() returns trigger language plpgsql as $$ begin raise exception 'forced rollback at commit'; end $$`);
    await db.execute(sql`create constraint trigger test_fail_commit after insert on inbox_events deferrable initially deferred for each row execute function test_fail_commit()`);
    const before = await countEvents();
    rec.seen.length = 0;
    try {
      const res = await h.server.app.inject({ method: 'POST', url, headers: bearer(agent) });
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger test_fail_commit on inbox_events`);
      await db.execute(sql`drop function test_fail_commit()`);
    }
    expect(rec.seen).toEqual([]);
    expect(await countEvents()).toBe(before);

    // The same call commits now, and its events are published once.
    const ok = await h.server.app.inject({ method: 'POST', url, headers: bearer(agent) });
    expect(ok.statusCode).toBe(200);
    const emitted = rec.seen.flatMap((p) => (p.kind === 'emit' ? p.events.map((e) => e.event.type) : []));
    expect(emitted).toEqual(['read', 'conversation']);
    expect(await countEvents()).toBe(before + 2);
  });
});
