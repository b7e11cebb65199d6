import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConversation, TInboxPage } from '@dinedesk/contracts';
import { bearer, startHarness, type Harness } from '../../test/harness.ts';
import { resolveAuth, type AuthContext } from '../access/index.ts';
import { realtimeAccounts, replayEvents } from './inbox.service.ts';

/**
 * What the socket plugin asks of the inbox module ("the socket plugin holds no inbox
 * SQL; replay is asked of the owning module"): the accounts whose rooms a user joins, and the
 * events a reconnecting socket missed, narrowed to those accounts.
 */
let h: Harness;
let owner: AuthContext;
let manager: AuthContext;
let otherOwner: AuthContext;
let ownerToken: string;

const authOf = async (email: string) => {
  const token = await h.login(email);
  return { token, auth: await resolveAuth(h.server.ctx, token) };
};

/** Marks the first conversation of `page` read: two stored events (read, conversation). */
async function markFirstRead(token: string, page: TInboxPage): Promise<void> {
  const list = (await h.server.app.inject({ method: 'GET', url: `/api/messenger/pages/${page.id}/conversations`, headers: bearer(token) })).json().data as TConversation[];
  const res = await h.server.app.inject({ method: 'POST', url: `/api/messenger/pages/${page.id}/conversations/${list[0]!.id}/read`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  h = await startHarness();
  ({ token: ownerToken, auth: owner } = await authOf('owner@spice-route.demo'));
  ({ auth: manager } = await authOf('outlet.manager@spice-route.demo'));
  ({ auth: otherOwner } = await authOf('owner@deccan-table.demo'));
});
afterAll(() => h?.close());

describe('realtimeAccounts', () => {
  it('lists the page and Instagram ids of the caller’s visible pages, narrowed by outlet grants', async () => {
    const pages = (await h.server.app.inject({ method: 'GET', url: '/api/messenger/pages', headers: bearer(ownerToken) })).json().data as TInboxPage[];
    const ig = (await h.server.app.inject({ method: 'GET', url: '/api/messenger/instagram-pages', headers: bearer(ownerToken) })).json().data as TInboxPage[];
    const ownerAccounts = await realtimeAccounts(h.server.ctx, owner);
    expect(new Set(ownerAccounts)).toEqual(new Set([...pages.map((p) => p.id), ...ig.map((p) => p.id)]));
    const managerAccounts = await realtimeAccounts(h.server.ctx, manager);
    expect(managerAccounts.length).toBeGreaterThan(0);
    expect(managerAccounts.length).toBeLessThan(ownerAccounts.length);
    expect(managerAccounts.every((id) => ownerAccounts.includes(id))).toBe(true);
    const other = await realtimeAccounts(h.server.ctx, otherOwner);
    expect(other.some((id) => ownerAccounts.includes(id))).toBe(false);
  });

  it('is empty without a client or without `read Conversation`', async () => {
    expect(await realtimeAccounts(h.server.ctx, { ...owner, clientId: null })).toEqual([]);
    const cannot = { ...owner, ability: { can: () => false } } as unknown as AuthContext;
    expect(await realtimeAccounts(h.server.ctx, cannot)).toEqual([]);
  });
});

describe('replayEvents', () => {
  it('answers the caller’s events after an id, in order, in batches, never another client’s', async () => {
    const pages = (await h.server.app.inject({ method: 'GET', url: '/api/messenger/pages', headers: bearer(ownerToken) })).json().data as TInboxPage[];
    const start = (await replayEvents(h.server.ctx, owner, 0, 1_000_000)).events.at(-1)?.eventId ?? 0;
    await markFirstRead(ownerToken, pages[0]!);
    await markFirstRead(ownerToken, pages[1]!);
    const otherToken = await h.login('owner@deccan-table.demo');
    const otherPages = (await h.server.app.inject({ method: 'GET', url: '/api/messenger/pages', headers: bearer(otherToken) })).json().data as TInboxPage[];
    await markFirstRead(otherToken, otherPages[0]!);

    const all = await replayEvents(h.server.ctx, owner, start, 100);
    expect(all.complete).toBe(true);
    expect(all.events.map((e) => e.type)).toEqual(['read', 'conversation', 'read', 'conversation']);
    expect(all.events.map((e) => e.pageId)).toEqual([pages[0]!.id, pages[0]!.id, pages[1]!.id, pages[1]!.id]);
    const ids = all.events.map((e) => e.eventId);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(ids.every((id) => id > start)).toBe(true);

    const first = await replayEvents(h.server.ctx, owner, start, 3);
    expect(first.complete).toBe(false);
    expect(first.events.map((e) => e.eventId)).toEqual(ids.slice(0, 3));
    const rest = await replayEvents(h.server.ctx, owner, ids[2]!, 3);
    expect(rest).toEqual({ events: all.events.slice(3), complete: true });

    const theirs = await replayEvents(h.server.ctx, otherOwner, start, 100);
    expect(theirs.events.map((e) => e.pageId)).toEqual([otherPages[0]!.id, otherPages[0]!.id]);
  });

  it('answers an outlet manager only the events of pages of its outlets', async () => {
    const visible = new Set(await realtimeAccounts(h.server.ctx, manager));
    const all = await replayEvents(h.server.ctx, owner, 0, 1_000_000);
    const mine = await replayEvents(h.server.ctx, manager, 0, 1_000_000);
    expect(mine.events.length).toBeLessThan(all.events.length);
    expect(mine.events.every((e) => visible.has(e.pageId))).toBe(true);
    expect(mine.events).toEqual(all.events.filter((e) => visible.has(e.pageId)));
  });

  it('answers nothing to a caller without accounts', async () => {
    expect(await replayEvents(h.server.ctx, { ...owner, clientId: null }, 0, 100)).toEqual({ events: [], complete: true });
  });
});
