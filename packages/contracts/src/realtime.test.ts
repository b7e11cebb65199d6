import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  REVIEW_SOCKET_EVENTS,
  SERVER_EVENT_PAYLOADS,
  SOCKET_EVENTS,
  accountRoom,
  sessionRoom,
  userRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type TAccessChangedEvent,
  type TInboxEvent,
  type TReplayAck,
  type TReplayRequest,
  type TResyncEvent,
  type TReviewsChangedEvent,
} from './index.ts';

/**
 * The realtime contract ("Event names, payload types and room names live in contracts,
 * and are typed on both ends"). The `expectTypeOf` lines are checked by `tsc -p packages/contracts`.
 */
describe('realtime contract', () => {
  it('keeps the wire names the server and the web app already speak', () => {
    expect(SOCKET_EVENTS).toEqual({ inboxEvent: 'inbox:event', inboxReplay: 'inbox:replay', accessChanged: 'access:changed', reviewsChanged: 'reviews:changed', resync: 'realtime:resync', mentionCreated: 'mention:new', complaintChanged: 'complaints:changed', ticketChanged: 'tickets:changed' });
    expect(SOCKET_EVENTS.reviewsChanged).toBe(REVIEW_SOCKET_EVENTS.changed);
    expect([accountRoom('123'), userRoom('u'), sessionRoom('s')]).toEqual(['acct:123', 'user:u', 'session:s']);
  });

  it('has one payload schema for each server → client event, matching the listener types', () => {
    expect(Object.keys(SERVER_EVENT_PAYLOADS).sort()).toEqual([SOCKET_EVENTS.accessChanged, SOCKET_EVENTS.inboxEvent, SOCKET_EVENTS.reviewsChanged, SOCKET_EVENTS.resync, SOCKET_EVENTS.mentionCreated, SOCKET_EVENTS.complaintChanged, SOCKET_EVENTS.ticketChanged].sort());
    expect(SERVER_EVENT_PAYLOADS[SOCKET_EVENTS.accessChanged].safeParse({ reason: 'removed' }).success).toBe(true);
    expect(SERVER_EVENT_PAYLOADS[SOCKET_EVENTS.accessChanged].safeParse({ reason: 'other' }).success).toBe(false);
    expect(SERVER_EVENT_PAYLOADS[SOCKET_EVENTS.reviewsChanged].safeParse({ pageId: '1', reviewId: null, kind: 'comment', verb: 'add' }).success).toBe(true);
    expect(SERVER_EVENT_PAYLOADS[SOCKET_EVENTS.inboxEvent].safeParse({ type: 'read', eventId: 1 }).success).toBe(false);
    expect(SERVER_EVENT_PAYLOADS[SOCKET_EVENTS.resync].safeParse({ afterEventId: 0 }).success).toBe(true);
    expect(SERVER_EVENT_PAYLOADS[SOCKET_EVENTS.resync].safeParse({ afterEventId: -1 }).success).toBe(false);

    expectTypeOf<keyof ServerToClientEvents>().toEqualTypeOf<keyof typeof SERVER_EVENT_PAYLOADS>();
    expectTypeOf<Parameters<ServerToClientEvents['inbox:event']>[0]>().toEqualTypeOf<TInboxEvent>();
    expectTypeOf<Parameters<ServerToClientEvents['access:changed']>[0]>().toEqualTypeOf<TAccessChangedEvent>();
    expectTypeOf<Parameters<ServerToClientEvents['reviews:changed']>[0]>().toEqualTypeOf<TReviewsChangedEvent>();
    expectTypeOf<Parameters<ServerToClientEvents['realtime:resync']>[0]>().toEqualTypeOf<TResyncEvent>();
    expectTypeOf<z.infer<(typeof SERVER_EVENT_PAYLOADS)['inbox:event']>>().toEqualTypeOf<TInboxEvent>();
  });

  it('types the replay call and its acknowledgement', () => {
    expectTypeOf<keyof ClientToServerEvents>().toEqualTypeOf<'inbox:replay'>();
    expectTypeOf<Parameters<ClientToServerEvents['inbox:replay']>[0]>().toEqualTypeOf<TReplayRequest>();
    expectTypeOf<Parameters<Parameters<ClientToServerEvents['inbox:replay']>[1]>[0]>().toEqualTypeOf<TReplayAck | { error: string; code?: 'rate_limited' | 'busy'; retryAfterMs?: number }>();
  });
});
