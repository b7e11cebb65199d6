import type { TConversationsResponse } from '@dinedesk/contracts';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppSocket } from '../../../lib/socket.ts';
import { inboxKeys } from '../api/keys.ts';
import { FakeSocket } from '../testing/fake-socket.ts';
import { conversationFixture } from '../testing/fixtures.ts';
import { bindInboxRealtime, REPLAY_TIMEOUT_MS } from './inbox-realtime.ts';

type Paged<R> = InfiniteData<R, string | null>;
const key = inboxKeys.conversations('messenger', '1001');
const at = (minute: number) => new Date(Date.UTC(2025, 2, 10, 12, minute)).toISOString();

function conversationEvent(eventId: number, unreadCount: number, minute = 30) {
  const conversation = conversationFixture({ id: '7001', unreadCount, updatedTime: at(minute) });
  return { type: 'conversation', eventId, pageId: '1001', channel: 'messenger', conversationId: '7001', conversation };
}

let socket: FakeSocket;
let queryClient: QueryClient;

function setup() {
  socket = new FakeSocket();
  queryClient = new QueryClient();
  queryClient.setQueryData<Paged<TConversationsResponse>>(key, {
    pages: [{ data: [conversationFixture({ id: '7001', unreadCount: 0, updatedTime: at(0) })], paging: { nextCursor: null } }],
    pageParams: [null],
  });
  // The fake implements the parts of the socket.io client the binding uses.
  const realtime = bindInboxRealtime(socket as unknown as AppSocket, queryClient);
  socket.serverConnect();
  return realtime;
}
const unread = () => queryClient.getQueryData<Paged<TConversationsResponse>>(key)!.pages[0]!.data[0]!.unreadCount;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.useRealTimers());

describe('inbox realtime binding', () => {
  it('applies valid events, skips repeated event ids and ignores payloads off the contract', () => {
    const realtime = setup();
    socket.serverEmit('inbox:event', conversationEvent(1, 3));
    expect(unread()).toBe(3);
    socket.serverEmit('inbox:event', { type: 'conversation', eventId: 2 }); // malformed
    socket.serverEmit('inbox:event', conversationEvent(1, 9)); // same id again
    expect(unread()).toBe(3);
    expect(realtime.lastEventId).toBe(1);
    expect(console.warn).toHaveBeenCalledOnce();
  });

  it('applies replayed events in their order, asking again while the answer is incomplete', async () => {
    const realtime = setup();
    socket.serverEmit('inbox:event', conversationEvent(10, 1));
    socket.serverDisconnect();
    const answers = [
      { events: [conversationEvent(11, 4), conversationEvent(12, 2)], complete: false },
      { events: [conversationEvent(13, 7), conversationEvent(14, 3)], complete: true },
    ];
    socket.onReplay = (_payload, ack) => ack(answers.shift());
    socket.serverConnect();
    await vi.waitFor(() => expect(realtime.lastEventId).toBe(14));
    expect(socket.emittedNamed('inbox:replay')).toEqual([{ afterEventId: 10 }, { afterEventId: 12 }]);
    expect(unread()).toBe(3);
  });

  it('holds live events back during a replay and applies them after it, in order', async () => {
    const realtime = setup();
    socket.serverEmit('inbox:event', conversationEvent(10, 1));
    socket.serverDisconnect();
    let answer: ((value: unknown) => void) | undefined;
    socket.onReplay = (_payload, ack) => {
      answer = ack;
    };
    socket.serverConnect();
    expect(socket.emittedNamed('inbox:replay')).toEqual([{ afterEventId: 10 }]);

    socket.serverEmit('inbox:event', conversationEvent(13, 0, 50)); // live, newer than the replay
    expect(unread()).toBe(1);
    answer!({ events: [conversationEvent(11, 4, 40), conversationEvent(12, 5, 45)], complete: true });
    await vi.waitFor(() => expect(realtime.lastEventId).toBe(13));
    expect(unread()).toBe(0);
  });

  it('refetches instead when there is no event to replay from, or no answer in time', async () => {
    setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    socket.serverDisconnect();
    socket.serverConnect(); // never saw an event: nothing to replay from
    expect(socket.emittedNamed('inbox:replay')).toEqual([]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: inboxKeys.all });

    invalidate.mockClear();
    vi.useFakeTimers();
    socket.serverEmit('inbox:event', conversationEvent(20, 1));
    socket.serverDisconnect();
    socket.onReplay = () => {}; // the server never answers
    socket.serverConnect();
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(REPLAY_TIMEOUT_MS);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: inboxKeys.all });
  });

  it('reports the connection state and reconnects by hand once the client gave up', () => {
    const realtime = setup();
    const seen: string[] = [];
    realtime.subscribe(() => seen.push(realtime.status));
    socket.serverDisconnect();
    socket.io.fire('reconnect_failed');
    realtime.reconnect();
    expect(seen).toEqual(['reconnecting', 'offline', 'reconnecting']);
    expect(socket.connectCalls).toBe(1);
  });

  it('replays from the server\'s resync watermark without a reconnect, and refetches when that brought older events', async () => {
    const realtime = setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    socket.serverEmit('inbox:event', conversationEvent(10, 1, 30));
    socket.serverEmit('inbox:event', conversationEvent(14, 2, 40));
    // Redis was down: 12 and 13 (another process) never arrived live, though 14 did.
    socket.onReplay = (payload, ack) =>
      ack((payload as { afterEventId: number }).afterEventId === 9 ? { events: [conversationEvent(12, 5, 35), conversationEvent(13, 6, 36), conversationEvent(14, 2, 40)], complete: true } : { events: [], complete: true });
    socket.serverEmit('realtime:resync', { afterEventId: 9 });
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: inboxKeys.all }));
    expect(socket.emittedNamed('inbox:replay')).toEqual([{ afterEventId: 9 }]);
    expect(realtime.lastEventId).toBe(14);

    // A resync whose watermark is above everything seen replays from the last event id, in order: no refetch.
    invalidate.mockClear();
    socket.serverEmit('realtime:resync', { afterEventId: 500 });
    await vi.waitFor(() => expect(socket.emittedNamed('inbox:replay')).toEqual([{ afterEventId: 9 }, { afterEventId: 14 }]));
    await Promise.resolve();
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('runs a resync that arrives during a replay after it, from the lower start', async () => {
    setup();
    socket.serverEmit('inbox:event', conversationEvent(20, 1));
    const acks: Array<(answer: unknown) => void> = [];
    socket.onReplay = (_payload, ack) => void acks.push(ack);
    socket.serverEmit('realtime:resync', { afterEventId: 18 });
    socket.serverEmit('realtime:resync', { afterEventId: 15 });
    socket.serverEmit('realtime:resync', { afterEventId: 17 });
    expect(socket.emittedNamed('inbox:replay')).toEqual([{ afterEventId: 18 }]);
    acks.shift()!({ events: [], complete: true });
    await vi.waitFor(() => expect(socket.emittedNamed('inbox:replay')).toEqual([{ afterEventId: 18 }, { afterEventId: 15 }]));
  });

  it('refetches when a resync request is off the contract', () => {
    setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    socket.serverEmit('realtime:resync', { afterEventId: -1 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: inboxKeys.all });
    expect(socket.emittedNamed('inbox:replay')).toEqual([]);
  });

  it('refetches when the server says access changed', () => {
    setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    socket.serverEmit('access:changed', undefined);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: inboxKeys.all });
  });
});
