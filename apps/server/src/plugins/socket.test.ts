import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_CLIENT_OPTIONS, SOCKET_EVENTS, type TInboxEvent, type TInboxPage } from '@dinedesk/contracts';
import { connectDemoPages } from '../modules/meta/index.ts';
import { bearer, startHarness, type Harness } from '../test/harness.ts';

/**
 * A socket lives no longer than its session: logout, token
 * expiry and a removed membership disconnect it, and it receives nothing afterwards.
 */
let h: Harness;
let pageId: string;

beforeAll(async () => {
  h = await startHarness({ sync: false, listen: true });
  await connectDemoPages(h.server.ctx, h.server.app.log);
  const owner = await h.login('owner@spice-route.demo');
  const pages = (await h.server.app.inject({ method: 'GET', url: '/api/messenger/pages', headers: bearer(owner) })).json().data as TInboxPage[];
  pageId = pages[0]!.id;
});
afterAll(() => h?.close());

interface Probe {
  socket: Socket;
  events: unknown[];
  disconnected: Promise<string>;
}

async function open(token: string): Promise<Probe> {
  const socket = connect(h.baseUrl, { ...SOCKET_CLIENT_OPTIONS, transports: ['websocket'], reconnection: false, auth: { token } });
  const events: unknown[] = [];
  socket.on(SOCKET_EVENTS.inboxEvent, (e: unknown) => events.push(e));
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, events, disconnected };
}

let nextEventId = 1_000_000;
/** Publishes a marker event to the page's room, as a committed inbox change would be. */
function publish(): TInboxEvent {
  const event = { type: 'test.marker', eventId: nextEventId++ } as unknown as TInboxEvent;
  h.server.ctx.realtime.emit([{ clientId: 'c', outletId: 'o', accountId: pageId, event }]);
  return event;
}

/** Resolves once `probe` received `event` (the control socket: the room did get it). */
function received(probe: Probe, event: TInboxEvent): Promise<void> {
  return new Promise((resolve) => {
    const check = (e: unknown) => {
      if ((e as TInboxEvent).eventId === event.eventId) {
        probe.socket.off(SOCKET_EVENTS.inboxEvent, check);
        resolve();
      }
    };
    probe.socket.on(SOCKET_EVENTS.inboxEvent, check);
  });
}

describe('sockets end with their session', () => {
  it('logout disconnects the session’s sockets, which receive nothing afterwards', async () => {
    const control = await open(await h.login('owner@spice-route.demo'));
    const agentToken = await h.login('agent@spice-route.demo');
    const agent = await open(agentToken);
    const otherSessionOfAgent = await open(await h.login('agent@spice-route.demo'));
    try {
      const before = publish();
      await Promise.all([received(control, before), received(agent, before)]);

      const out = await h.server.app.inject({ method: 'GET', url: '/api/logout', headers: bearer(agentToken) });
      expect(out.json()).toEqual({ message: 'Logged out' });
      const after = publish();
      await Promise.all([received(control, after), received(otherSessionOfAgent, after)]);

      expect(agent.events).toEqual([before]);
      expect(await agent.disconnected).toBe('io server disconnect');
      // Only that session: the agent's other session keeps its socket.
      expect(otherSessionOfAgent.socket.connected).toBe(true);
    } finally {
      for (const p of [control, agent, otherSessionOfAgent]) p.socket.close();
    }
  });

  it('disconnects a socket when its token expires', async () => {
    const token = await h.login('viewer@spice-route.demo');
    // Move the server clock to a few seconds before the token's expiry, then connect.
    h.clock.offsetMs = (h.config.accessTokenTtlSeconds - 3) * 1000;
    const viewer = await open(token);
    const control = await open(await h.login('owner@spice-route.demo'));
    try {
      const deadline = new Promise<string>((resolve) => setTimeout(() => resolve('still connected 10 s later'), 10_000).unref());
      expect(await Promise.race([viewer.disconnected, deadline])).toBe('io server disconnect');
      const after = publish();
      await received(control, after);
      expect(viewer.events).toEqual([]);
    } finally {
      h.clock.offsetMs = 0;
      control.socket.close();
      viewer.socket.close();
    }
  });

  it('a removed membership disconnects the user’s sockets, which receive nothing afterwards', async () => {
    const owner = await h.login('owner@spice-route.demo');
    const login = await h.server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'viewer@spice-route.demo', password: 'DineDesk-demo-2026' } });
    const viewerId = login.json().userData.id as string;
    const control = await open(owner);
    const viewer = await open(login.json().accessToken as string);
    try {
      const removed = await h.server.app.inject({ method: 'POST', url: '/api/access-control-of-user', headers: bearer(owner), payload: { request: 'update', userId: viewerId, remove: true } });
      expect(removed.statusCode).toBe(200);
      const after = publish();
      await received(control, after);
      expect(viewer.events).toEqual([]);
      expect(await viewer.disconnected).toBe('io server disconnect');
    } finally {
      control.socket.close();
      viewer.socket.close();
    }
  });
});

describe('the socket plugin is a transport of the realtime seam', () => {
  const source = readFileSync(new URL('./socket.ts', import.meta.url), 'utf8');

  it('holds no SQL: rooms and replay are asked of the inbox module', () => {
    expect(source).not.toMatch(/from 'drizzle-orm'/);
    expect(source).not.toMatch(/\bschema\b[^;]*from '\.\.\/db\/client\.ts'/);
    expect(source).not.toMatch(/\.\s*(?:select|insert|update|delete|execute)\s*\(/);
    expect(source).toMatch(/\brealtimeAccounts\b/);
    expect(source).toMatch(/\breplayEvents\b/);
  });

  it('attaches to the context’s publisher instead of replacing it', () => {
    expect(source).not.toMatch(/ctx\.realtime\s*=/);
    expect(source).toMatch(/ctx\.realtime\.attach\(/);
  });
});
